import { inBackground } from '../../lib/scheduler';
import { loadChainEngine } from '../../projections/changes/chainEngine';
import type { AppState } from '../../projections/notesState';
import type { ChangesHolder } from './changeModel';
import type { showRemoteChange } from './remoteChanges';

/**
 * Saves as changes on the device (docs/architecture.md "Saves as changes"): the shown note's Y.Doc is
 * made after the note is editable, with Yjs loaded then (the chain engine the notes fold merges with
 * comes in the same chunk); until it is ready a save carries the whole body, so nothing typed waits for it.
 */

type ChangesChunk = typeof import('./changesChunk');
let loading: Promise<ChangesChunk> | null = null;
let loaded: ChangesChunk | null = null;

/** Load Yjs, the change model, the editor's side of remote changes and the chain engine (once). */
function loadChangesChunk(): Promise<ChangesChunk> {
  loading ??= Promise.all([import('./changesChunk'), loadChainEngine()]).then(([module]) => (loaded = module));
  return loading;
}

/**
 * `showRemoteChange` (remoteChanges.ts) once the changes chunk has loaded; before that no note has a
 * change model, so no change is one it can follow: null.
 */
export function showRemoteChangeOnChain(...args: Parameters<typeof showRemoteChange>): ReturnType<typeof showRemoteChange> {
  return loaded ? loaded.showRemoteChange(...args) : null;
}

/**
 * Make the change model of the note `shown` shows at its base revision, in a background task once Yjs has
 * loaded; `state` gives the log's state then. Dropped when the note, or its revision, changed meanwhile
 * (whoever changed it asks again). Never throws: a model that cannot be made leaves whole-body saves.
 */
export function prepareChanges(shown: ChangesHolder, state: () => AppState): void {
  shown.changes = null;
  const { noteId, baseRev } = shown;
  const request = {};
  shown.preparing = request;
  if (noteId === null || baseRev === undefined) return;
  const current = () => shown.preparing === request && shown.noteId === noteId && shown.baseRev === baseRev;
  loadChangesChunk().then(
    ({ ChangeModel: Model }) =>
      inBackground(() => {
        const notes = state().notes;
        if (!current() || notes.revs[noteId]?.id !== baseRev) return;
        try {
          shown.changes = Model.open(notes.bodies[noteId], notes.revs[noteId]);
        } catch (error) {
          console.error("NotePad: the note's changes could not be read; its saves carry the whole note", error);
        }
      }),
    (error: unknown) => console.error('NotePad: the changes engine could not load; saves carry the whole note', error),
  );
}
