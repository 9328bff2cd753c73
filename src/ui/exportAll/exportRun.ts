import type { EventLog } from '../../events/eventLog';
import { DocumentGone } from '../../events/snapshotDocuments';
import type { NoteBody, NotesState } from '../../projections/notesState';
import { importActivity$ } from '../../services/noteImport/importActivity';

/**
 * The log's one export of all notes (docs/product.md "Export all notes"): it belongs to the log's
 * start-up, not to the sidebar that started it, so collapsing or hiding the sidebar neither stops it
 * nor lets a second one start. The exporter itself loads when the first export starts (runExportAll.ts).
 */

/**
 * Idle, or running with the notes written so far of the total (null until the exporter has loaded);
 * `waiting` while an import still brings notes in.
 */
type ExportState = { running: false } | { running: true; done: number; total: number | null; waiting: boolean };

/** The log's one export of all notes: its state for the sidebar, start and cancel. */
export interface ExportRun {
  /** The current state (a new object on each change, for useSyncExternalStore). */
  state(): ExportState;
  /** Calls `listener` on each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Starts exporting the notes the log holds now; does nothing while an export runs. Resolves when it has ended, however it ended. */
  start(): Promise<void>;
  /** Stops the running export: nothing is downloaded. */
  cancel(): void;
}

/** The export of all notes of `log`, idle: made once per log at start-up (`createLogServices`). */
export function createExportRun(log: EventLog): ExportRun {
  let state: ExportState = { running: false };
  let controller: AbortController | null = null;
  const listeners = new Set<() => void>();

  const set = (next: ExportState): void => {
    state = next;
    for (const listener of listeners) listener();
  };

  const start = async (): Promise<void> => {
    if (state.running) return;
    const abort = new AbortController();
    controller = abort;
    set({ running: true, done: 0, total: null, waiting: importActivity$.value.kind !== 'idle' });
    try {
      const { runExportAll } = await import('./runExportAll');
      // Notes still coming in (the original app's, or a file import) would be missing from the zip.
      await importFinished(abort.signal);
      set({ running: true, done: 0, total: null, waiting: false });
      // The notes as they are now: edits made while the export runs belong to the next one.
      const notes = log.state.notes;
      await runExportAll({
        notes,
        log,
        // Their documents a slice at a time, none kept (docs/architecture.md "Documents by reference").
        readBodies: (ids) => wholeBodiesOf(log, notes, ids),
        signal: abort.signal,
        onProgress: (done, total) => set({ running: true, done, total, waiting: false }),
      });
    } finally {
      controller = null;
      set({ running: false });
    }
  };

  return {
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    cancel: () => controller?.abort(new DOMException('Export cancelled', 'AbortError')),
  };
}

/**
 * The whole bodies of notes `ids` of `notes`, by id, read without putting them into the state. A
 * record gone meanwhile (another tab's clean-up made the log fold again) is read from the log's
 * state now: the same note, at its revision there. @throws DocumentGone when it is gone again.
 */
async function wholeBodiesOf(log: EventLog, notes: NotesState, ids: readonly string[]): Promise<Map<string, NoteBody>> {
  const read = async (from: NotesState) => {
    const bodies = ids.flatMap((id) => (Object.prototype.hasOwnProperty.call(from.bodies, id) ? [[id, from.bodies[id]] as const] : []));
    const whole = new Map<NoteBody, NoteBody>();
    await log.eachWhole(
      bodies.map(([, body]) => body),
      (body, read) => whole.set(body, read),
    );
    return new Map<string, NoteBody>(bodies.map(([id, body]) => [id, whole.get(body) ?? body]));
  };
  try {
    return await read(notes);
  } catch (error) {
    if (!(error instanceof DocumentGone)) throw error;
    return read(log.state.notes);
  }
}

/** Resolves once no import runs in this tab, or at once when `signal` has aborted (the run then says it was cancelled). */
function importFinished(signal: AbortSignal): Promise<void> {
  if (signal.aborted || importActivity$.value.kind === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      subscription.unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    // Not idle now, so the subscription's first (synchronous) value does not end the wait.
    const subscription = importActivity$.subscribe((activity) => {
      if (activity.kind === 'idle') done();
    });
    signal.addEventListener('abort', done);
  });
}
