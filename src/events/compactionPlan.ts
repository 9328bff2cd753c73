import type { AppEvent } from '../../catalog';

/** Compaction policy (docs/architecture.md "Compaction"): what may be dropped from the log. */
export interface CompactionPolicy {
  /** Superseded body revisions younger than this are kept. Default 30 days. */
  retentionMs: number;
  /** The newest this-many body revisions of every note are kept whatever their age. Default 20. */
  keepRevisionsPerNote: number;
}

export const DEFAULT_COMPACTION_POLICY: CompactionPolicy = { retentionMs: 30 * 24 * 60 * 60 * 1000, keepRevisionsPerNote: 20 };

type BodyEvent = AppEvent<'note.body-saved' | 'note.revision-restored'>;
const isBodyEvent = (e: AppEvent): e is BodyEvent => e.type === 'note.body-saved' || e.type === 'note.revision-restored';

/**
 * Which of one note's body revisions (in log order) took part in a conflict: the one that met a
 * different current revision, and that current revision (it became the copy). The same test as
 * the fold's (docs/architecture.md "Conflicts"), from the note's origin on.
 */
function conflictRevisions(revisions: readonly BodyEvent[]): Set<number> {
  const pinned = new Set<number>();
  let rev: { id: string; html: string; origin: boolean; index: number } = { id: '', html: '', origin: true, index: -1 };
  revisions.forEach((e, index) => {
    const { base, html } = e.payload;
    if (base !== undefined && !rev.origin && base !== rev.id && html !== rev.html) {
      pinned.add(index);
      pinned.add(rev.index);
    }
    rev = { id: e.id, html, origin: false, index };
  });
  return pinned;
}

/**
 * The seqs of body revisions that compaction may drop: for each note, the longest run of its
 * oldest revisions that are superseded (a later revision exists), older than the retention
 * window, not among the note's newest `keepRevisionsPerNote`, and took no part in a conflict. Only
 * a leading run is dropped: the fold then finds the note still at its first revision when the
 * first kept one arrives, which it takes as it took it before (docs/architecture.md "Conflicts"),
 * so folding the compacted log gives the same notes, copies included. The latest revision of a
 * note is never dropped, nor one a chain of changes started from, and changes are never dropped
 * (docs/architecture.md "Saves as changes"). Pure; `events` in log order.
 */
export function planCompaction(events: readonly AppEvent[], now: Date, policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): number[] {
  const revisions = new Map<string, BodyEvent[]>();
  // A body a chain of changes started from: the fold starts that chain from it, so it stays.
  const chainStarts = new Set<string>();
  for (const e of events) {
    if (e.type === 'note.changed') chainStarts.add(e.payload.start);
    if (!isBodyEvent(e)) continue;
    const list = revisions.get(e.payload.id) ?? [];
    list.push(e);
    revisions.set(e.payload.id, list);
  }
  const cutoff = now.getTime() - policy.retentionMs;
  const drop: number[] = [];
  for (const list of revisions.values()) {
    const pinned = conflictRevisions(list);
    const droppable = list.length - Math.max(1, policy.keepRevisionsPerNote);
    for (let i = 0; i < droppable && !pinned.has(i) && !chainStarts.has(list[i].id) && Date.parse(list[i].at) < cutoff; i++)
      drop.push(list[i].seq);
  }
  return drop.sort((a, b) => a - b);
}
