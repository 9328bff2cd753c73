import type { AppEvent, EventType } from '../events/catalog';
import { ignoring } from './ignoring';

/** One saved state of a note (docs/product.md "History"): its title and body after the event at `seq`. */
export interface Revision {
  seq: number;
  at: string;
  kind: 'created' | 'imported' | 'renamed' | 'saved' | 'restored';
  title: string;
  html: string;
  blocks?: unknown[];
  /** The device that made it, when the event names one (docs/architecture.md "Sync"). */
  device?: string;
}

/** A note's title and body as far as its history has been read. */
interface Draft {
  title: string;
  html: string;
  blocks?: unknown[];
}

/** How one event type makes a revision of its note; `null`: it makes none. */
type RevisionStep<K extends EventType> = ((draft: Draft, event: AppEvent<K>) => [Revision['kind'], Draft]) | null;

/**
 * Which event types are revisions and what each one sets. Typed against the catalog: a new event
 * type does not compile until it is listed here.
 */
const REVISION_STEPS: { [K in EventType]: RevisionStep<K> } = {
  ...ignoring('view', 'preference', 'activity', 'log'),
  'note.created': (_, e) => ['created', { title: e.payload.title, html: '' }],
  'note.imported': (_, e) => ['imported', { title: e.payload.title, html: e.payload.html }],
  'note.renamed': (d, e) => ['renamed', { ...d, title: e.payload.title }],
  'note.body-saved': (d, e) => ['saved', { title: d.title, html: e.payload.html, blocks: e.payload.blocks }],
  'note.revision-restored': (d, e) => ['restored', { title: e.payload.title ?? d.title, html: e.payload.html, blocks: e.payload.blocks }],
  'note.deleted': null,
  'note.moved': null,
  'note.starred': null,
  'note.unstarred': null,
  'device.named': null,
};

/**
 * The revisions of one note, newest first, from that note's events in seq order (other notes'
 * events are ignored). Each revision carries the full title and body as they were after it. Pure.
 */
export function noteRevisions(noteId: string, events: readonly AppEvent[]): Revision[] {
  const revisions: Revision[] = [];
  let draft: Draft = { title: '', html: '' };
  for (const e of events) {
    if ((e.payload as { id?: string }).id !== noteId) continue;
    const step = REVISION_STEPS[e.type] as RevisionStep<EventType>;
    if (!step) continue;
    const [kind, next] = step(draft, e);
    draft = next;
    revisions.push({
      seq: e.seq,
      at: e.at,
      kind,
      title: draft.title,
      html: draft.html,
      ...(draft.blocks ? { blocks: draft.blocks } : {}),
      ...(e.device ? { device: e.device } : {}),
    });
  }
  return revisions.reverse();
}
