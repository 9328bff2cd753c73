import { inBackground } from '../../lib/scheduler';
import { loadChainEngine } from '../../projections/changes/chainEngine';
import type { AppState } from '../../projections/notesState';
import type { ChangeModel, ChangesHolder } from './changeModel';

/**
 * Saves as changes on the device (docs/architecture.md "Saves as changes"): the shown note's Y.Doc is
 * made after the note is editable, with Yjs loaded then (the chain engine the notes fold merges with
 * comes in the same chunk); until it is ready a save carries the whole body, so nothing typed waits for it.
 */

let loading: Promise<typeof ChangeModel> | null = null;

/** Load Yjs, the change model and the chain engine (once); resolves with the change model's class. */
function loadChangeModel(): Promise<typeof ChangeModel> {
  loading ??= Promise.all([import('./changeModel'), loadChainEngine()]).then(([module]) => module.ChangeModel);
  return loading;
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
  loadChangeModel().then(
    (Model) =>
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
