import type { AppEvent, EventPayloads } from '../../catalog';
import type { NotesState } from './notesState';

/** What one chosen file gave, as the summary lists it (docs/product.md "Import notes"). */
export type ImportedFileSummary = EventPayloads['import.finished']['files'][number];

/**
 * One import of notes from other apps as its records tell it (docs/architecture.md "Import pipeline"):
 * the notes it added (with the `modified` each was imported with), what each file gave once it
 * finished, and whether it was undone. `finished` is false for an import the page closed on.
 */
export interface ImportSummary {
  importId: string;
  /** When its first record was written (ISO). */
  at: string;
  notes: [id: string, modified: string, event?: string][];
  /** The notebooks it made (docs/architecture.md "Import pipeline"). */
  notebooks: string[];
  files: ImportedFileSummary[];
  finished: boolean;
  cancelled: boolean;
  undone: { removed: number; kept: number } | null;
}

/**
 * The imports the records tell of (`EventLog.importRecords`, seq order), newest first. Pure. A record
 * of an import without its earlier records (a log whose start was compacted or cut) still counts.
 */
export function importSummaries(records: readonly AppEvent[]): ImportSummary[] {
  const byId = new Map<string, ImportSummary>();
  const of = (importId: string, at: string): ImportSummary => {
    let summary = byId.get(importId);
    if (!summary) {
      summary = { importId, at, notes: [], notebooks: [], files: [], finished: false, cancelled: false, undone: null };
      byId.set(importId, summary);
    }
    return summary;
  };
  for (const event of records) {
    if (event.type === 'import.notes-added') {
      const { notes, modified, events, notebooks } = event.payload;
      const summary = of(event.payload.importId, event.at);
      summary.notes.push(
        ...notes.map((id, i): [string, string, string?] => (events?.[i] ? [id, modified[i] ?? '', events[i]] : [id, modified[i] ?? ''])),
      );
      if (notebooks) summary.notebooks.push(...notebooks);
    } else if (event.type === 'import.finished') {
      const summary = of(event.payload.importId, event.at);
      summary.files = event.payload.files;
      summary.finished = true;
      summary.cancelled = event.payload.cancelled;
    } else if (event.type === 'import.undone') {
      of(event.payload.importId, event.at).undone = { removed: event.payload.removed, kept: event.payload.kept };
    }
  }
  return [...byId.values()].reverse();
}

/** What Undo of an import does to the notes as they are now: which to delete, and how many to keep. */
export interface UndoPlan {
  remove: string[];
  /** Notes of the import edited since (body saved or restored, renamed): they stay. */
  kept: string[];
  /** Notebooks the import made that are empty once `remove` is gone, deepest first. */
  notebooks: string[];
}

/**
 * Undo of `summary` against `notes` (docs/product.md "Import notes"): every note of the import that
 * still exists and is as it was imported is removed; one whose body or title changed since is kept.
 * A note's body is as imported while its revision is still the one that made it (`revs.origin`, and
 * not a conflict copy); its title while its `modified` is the one it was imported with (a rename
 * stamps its own time). Starring and moving a note are not edits. Notes already deleted are neither.
 * A note that took another id (docs/architecture.md "Note identity") is found by its making event,
 * and a note under the import's id that another event made is not the import's.
 */
export function planUndo(summary: ImportSummary, notes: NotesState): UndoPlan {
  const remove: string[] = [];
  const kept: string[] = [];
  for (const [named, modified, event] of summary.notes) {
    const id = event === undefined ? named : (notes.remaps[event] ?? named);
    if (event !== undefined && notes.origins[id] !== event) continue;
    const meta = notes.meta[id];
    if (!meta) continue;
    const rev = notes.revs[id];
    const unchanged = rev?.origin === true && rev.copyOf === undefined && meta.modified === modified;
    (unchanged ? remove : kept).push(id);
  }
  return { remove, kept, notebooks: emptiedNotebooks(summary.notebooks, notes, new Set(remove)) };
}

/**
 * Of the notebooks an import made, those still there (not deleted, not merged into another device's of
 * the same name) that hold no note once `removed` is gone and no notebook but others of them: the
 * deepest first, so each is empty when it goes. One another device made too is that device's as well
 * (the alias keeps the first id), and stays.
 */
function emptiedNotebooks(made: readonly string[], notes: NotesState, removed: ReadonlySet<string>): string[] {
  const candidates = new Set(made.filter((id) => notes.notebooks[id] !== undefined));
  const holdsNote = new Set<string>();
  for (const [note, notebook] of Object.entries(notes.filed)) if (!removed.has(note)) holdsNote.add(notebook);
  const children = new Map<string, string[]>();
  for (const [id, { parent }] of Object.entries(notes.notebooks)) {
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  const empty: string[] = [];
  const gone = new Set<string>();
  // Leaves first: a notebook goes once every notebook under it went.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of candidates) {
      if (gone.has(id) || holdsNote.has(id) || !(children.get(id) ?? []).every((child) => gone.has(child))) continue;
      gone.add(id);
      empty.push(id);
      changed = true;
    }
  }
  return empty;
}
