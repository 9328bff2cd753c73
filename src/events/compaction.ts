import type { AppEvent } from './catalog';

/** Compaction policy (issue 6, README "Compaction"): what may be dropped from the log. */
export interface CompactionPolicy {
  /** Superseded body revisions younger than this are kept. Default 30 days. */
  retentionMs: number;
  /** The newest this-many body revisions of every note are kept whatever their age. Default 20. */
  keepRevisionsPerNote: number;
}

export const DEFAULT_COMPACTION_POLICY: CompactionPolicy = { retentionMs: 30 * 24 * 60 * 60 * 1000, keepRevisionsPerNote: 20 };

const BODY_EVENTS = new Set(['note.body-saved', 'note.revision-restored']);

/**
 * The seqs of body revisions that compaction may drop: superseded (a later revision of the same
 * note exists), older than the retention window, and not among the note's newest
 * `keepRevisionsPerNote`. The latest revision of a note is never dropped, so folding the compacted
 * log gives the same notes as folding the whole one. Pure; `events` in seq order.
 */
export function planCompaction(events: readonly AppEvent[], now: Date, policy: CompactionPolicy = DEFAULT_COMPACTION_POLICY): number[] {
  const revisions = new Map<string, AppEvent[]>();
  for (const e of events) {
    if (!BODY_EVENTS.has(e.type)) continue;
    const id = (e.payload as { id: string }).id;
    const list = revisions.get(id) ?? [];
    list.push(e);
    revisions.set(id, list);
  }
  const cutoff = now.getTime() - policy.retentionMs;
  const drop: number[] = [];
  for (const list of revisions.values()) {
    const droppable = list.slice(0, Math.max(0, list.length - Math.max(1, policy.keepRevisionsPerNote)));
    for (const e of droppable) if (Date.parse(e.at) < cutoff) drop.push(e.seq);
  }
  return drop.sort((a, b) => a - b);
}
