import type { AppEvent, EventType } from '../../catalog';
import { ignoring } from './ignoring';
import { SOURCE_APP_NAMES, type SourceApp } from '../importers/neutralNotes';

/** One saved state of a note (docs/product.md "History"): its title and body after the event at `seq`. */
export interface Revision {
  seq: number;
  at: string;
  kind: 'created' | 'imported' | 'renamed' | 'saved' | 'restored' | ShareEntryKind;
  title: string;
  html: string;
  blocks?: unknown[];
  /** The device that made it, when the event names one (docs/architecture.md "Sync"). */
  device?: string;
  /** Where an imported revision came from, for people: "Evernote (My Notes.enex)" (docs/product.md "History"). */
  from?: string;
  /** A link's options as it was shared or changed (the entry's text says them). */
  link?: { follows: boolean; expiresAt: string | null; password: boolean };
}

/** History entries that are no revision (docs/product.md "History"): a link made, changed or stopped; the text is the note's at that moment. */
type ShareEntryKind = 'shared' | 'share-changed' | 'share-stopped';
const SHARE_ENTRY_KINDS: ReadonlySet<Revision['kind']> = new Set<ShareEntryKind>(['shared', 'share-changed', 'share-stopped']);

/** True for an entry that is a revision of the text (one that may be restored), false for a link's entry. */
export function isRevision(entry: Revision): boolean {
  return !SHARE_ENTRY_KINDS.has(entry.kind);
}

/** A note's title and body as far as its history has been read. */
interface Draft {
  title: string;
  html: string;
  blocks?: unknown[];
  from?: string;
}

/**
 * Where a note.imported came from, in words: the app and the chosen file ("Evernote (My Notes.enex)"),
 * or undefined for the legacy import and sources this build does not name.
 */
function importedFrom(source: string, file: string | undefined): string | undefined {
  const app = Object.prototype.hasOwnProperty.call(SOURCE_APP_NAMES, source) ? SOURCE_APP_NAMES[source as SourceApp] : undefined;
  if (!app) return undefined;
  return file ? `${app} (${file})` : app;
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
  'note.imported': (_, e) => [
    'imported',
    { title: e.payload.title, html: e.payload.html, blocks: e.payload.blocks, from: importedFrom(e.payload.source, e.payload.file) },
  ],
  'note.renamed': (d, e) => ['renamed', { ...d, title: e.payload.title }],
  'note.body-saved': (d, e) => ['saved', { title: d.title, html: e.payload.html, blocks: e.payload.blocks }],
  'note.revision-restored': (d, e) => ['restored', { title: e.payload.title ?? d.title, html: e.payload.html, blocks: e.payload.blocks }],
  'note.deleted': null,
  'note.moved': null,
  'note.starred': null,
  'note.unstarred': null,
  'device.named': null,
  'share.created': (d) => ['shared', d],
  'share.changed': (d) => ['share-changed', d],
  'share.stopped': (d) => ['share-stopped', d],
};

/**
 * The revisions of one note, newest first, from that note's events in seq order (other notes'
 * events are ignored), with its links' entries among them. Each entry carries the full title and
 * body as they were after it. Pure.
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
      ...(kind === 'imported' && draft.from ? { from: draft.from } : {}),
      ...(e.type === 'share.created' || e.type === 'share.changed'
        ? { link: { follows: e.payload.follows, expiresAt: e.payload.expiresAt, password: e.payload.kdf !== null } }
        : {}),
    });
  }
  return revisions.reverse();
}
