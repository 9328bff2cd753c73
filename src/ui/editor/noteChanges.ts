import { inBackground, inNextTask } from '../../lib/scheduler';
import { loadChainEngine } from '../../projections/changes/chainEngine';
import type { AppState } from '../../projections/notesState';
import type { PlainBlock } from '../../projections/changes/plainBlocks';
import type { ChangeModel, ChangesHolder } from './changeModel';

/**
 * Saves as changes on the device (docs/architecture.md "Saves as changes"): the shown note's Y.Doc is
 * made after the note is editable, with Yjs loaded once it has been painted (the chain engine the notes
 * fold merges with comes in the same chunk), in background slices so typing goes on meanwhile; until it
 * is ready a save carries the whole body, so nothing typed waits for it.
 */

/** How long one background slice of making the change model runs before it yields (ms). */
const SLICE_MS = 8;
/** How long to wait for a frame before loading Yjs anyway (ms): a hidden tab paints none. */
const PAINT_WAIT_MS = 500;

/** Run `work` once, after the frame being made and the next have been painted, or after PAINT_WAIT_MS if no frame comes. */
function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(() => inNextTask(run)));
  setTimeout(run, PAINT_WAIT_MS);
}

let loading: Promise<typeof ChangeModel> | null = null;

/** Load Yjs, the change model and the chain engine (once); resolves with the change model's class. */
function loadChangeModel(): Promise<typeof ChangeModel> {
  loading ??= Promise.all([import('./changeModel'), loadChainEngine()]).then(([module]) => module.ChangeModel);
  return loading;
}

/**
 * Make the change model of the note `shown` shows at its base revision, in background slices once Yjs
 * has loaded; `state` gives the log's state then, `document` the editor's blocks (read once the model's
 * document is made: blocks equal to the saved body are taken as saved, so the first save carries and
 * compares only what changed). Dropped when the note, or its revision, changed meanwhile (whoever
 * changed it asks again). Never throws: a model that cannot be made leaves whole-body saves.
 */
export function prepareChanges(shown: ChangesHolder, state: () => AppState, document?: () => readonly PlainBlock[]): void {
  shown.changes = null;
  const { noteId, baseRev } = shown;
  const request = {};
  shown.preparing = request;
  if (noteId === null || baseRev === undefined) return;
  const current = () =>
    shown.preparing === request && shown.noteId === noteId && shown.baseRev === baseRev && state().notes.revs[noteId]?.id === baseRev;
  // Yjs is not part of the first screen: it loads after the note has been painted.
  afterPaint(() => {
    if (!current()) return;
    loadChangeModel().then(
      (Model) =>
        inBackground(() => {
          if (!current()) return;
          const notes = state().notes;
          const steps = Model.opening(notes.bodies[noteId], notes.revs[noteId], document);
          const made = { began: performance.now(), slices: 0, longestSliceMs: 0 };
          const slice = () => {
            if (!current()) return void steps.return(null);
            const sliceStart = performance.now();
            const until = sliceStart + SLICE_MS;
            made.slices++;
            try {
              for (;;) {
                const step = steps.next();
                if (step.done) {
                  shown.changes = step.value;
                  made.longestSliceMs = Math.max(made.longestSliceMs, performance.now() - sliceStart);
                  return measureMade(made);
                }
                if (performance.now() >= until) break;
              }
              made.longestSliceMs = Math.max(made.longestSliceMs, performance.now() - sliceStart);
            } catch (error) {
              return console.error("NotePad: the note's changes could not be read; its saves carry the whole note", error);
            }
            inBackground(slice);
          };
          slice();
        }),
      (error: unknown) => console.error('NotePad: the changes engine could not load; saves carry the whole note', error),
    );
  });
}

/**
 * Record how long making the change model took, from its first slice to its last (ms), as a User Timing
 * measure `notepad:change-model` whose detail holds the slices and the longest one (ms): the benchmarks read it.
 */
function measureMade({ began, slices, longestSliceMs }: { began: number; slices: number; longestSliceMs: number }): void {
  try {
    performance.measure('notepad:change-model', { start: began, end: performance.now(), detail: { slices, longestSliceMs } });
  } catch {
    // No User Timing with options here (an old engine): nothing to record.
  }
}
