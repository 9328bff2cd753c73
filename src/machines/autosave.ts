import { assign, fromPromise, setup } from 'xstate';

/**
 * Quiet time after the last input before the note is saved (docs/product.md "States and transitions", "Constants").
 * @internal Test seam: used here; the tests read this constant.
 */
export const AUTOSAVE_DELAY_MS = 2000;
/**
 * Longest time an edit waits for its save while typing goes on with no AUTOSAVE_DELAY_MS pause (docs/product.md
 * "States and transitions", "Constants"): without it, minutes of steady typing would not be durable, and a long
 * note has no typed-text draft to bring them back after a crash.
 * @internal Test seam: used here; the tests read this constant.
 */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;
/**
 * Wait before retrying a failed save (storage full, a blocked database).
 * @internal Test seam: used here; the tests read this constant.
 */
export const AUTOSAVE_RETRY_DELAY_MS = 5000;

/**
 * What the `saveNote` actor is given: the note, and `urgent` for a flush (page hide, note switch, *Save now*),
 * whose save must capture the editor at once; any other save may first wait for its work to be ready.
 */
export interface SaveInput {
  noteId: string;
  urgent: boolean;
}

/** What the `saveNote` actor answers: `skipped` when the content equals the last saved (docs/product.md "Validation rules"). */
export interface SaveResult {
  skipped: boolean;
}

/**
 * Autosave (docs/product.md "States and transitions", docs/architecture.md "Machines"): clean -> dirty on input -> saving after
 * AUTOSAVE_DELAY_MS of quiet, after AUTOSAVE_MAX_WAIT_MS of input without such a pause, or at once on blur / flush
 * (page hide, note switch) -> clean.
 * The `saveNote` actor captures the editor content (at once for a flush, else once its work is ready),
 * compares it with the last saved content and appends the save; `notifySaved` shows "Note saved!".
 */
export const autosaveMachine = setup({
  types: {
    context: {} as { noteId: string | null; changedWhileSaving: boolean; error: string | null },
    events: {} as { type: 'editor.input'; noteId: string } | { type: 'editor.blur' } | { type: 'autosave.flush' },
  },
  actors: {
    /** Provided by the app: capture, compare, append; resolves after the append is durable. */
    saveNote: fromPromise<SaveResult, SaveInput>(async () => ({ skipped: true })),
  },
  actions: {
    /** Provided by the app: a flush met a save that has not captured yet: capture and append it now. */
    hurrySave: () => {},
    notifySaved: () => {},
    notifyFailed: (_, _params: { error: string }) => {},
  },
  guards: {
    wasSkipped: ({ event }) => (event as unknown as { output: SaveResult }).output.skipped,
    changedWhileSaving: ({ context }) => context.changedWhileSaving,
  },
  delays: {
    AUTOSAVE_DELAY_MS,
    AUTOSAVE_MAX_WAIT_MS,
    AUTOSAVE_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'autosave',
  context: { noteId: null, changedWhileSaving: false, error: null },
  initial: 'clean',
  states: {
    clean: {
      on: { 'editor.input': { target: 'dirty', actions: assign({ noteId: ({ event }) => event.noteId }) } },
    },
    dirty: {
      // An input re-enters `typing` only, restarting the quiet timer; this state's own timer keeps running.
      after: { AUTOSAVE_MAX_WAIT_MS: 'saving' },
      initial: 'typing',
      states: {
        typing: {
          after: { AUTOSAVE_DELAY_MS: '#autosave.saving' },
          on: {
            'editor.input': { target: 'typing', reenter: true, actions: assign({ noteId: ({ event }) => event.noteId }) },
          },
        },
      },
      on: {
        'editor.blur': 'saving',
        'autosave.flush': 'saving',
      },
    },
    saving: {
      entry: assign({ changedWhileSaving: false }),
      invoke: {
        src: 'saveNote',
        input: ({ context, event }) => ({ noteId: context.noteId!, urgent: event.type === 'autosave.flush' }),
        onDone: [
          { guard: 'changedWhileSaving', target: 'dirty' },
          { guard: 'wasSkipped', target: 'clean' },
          { target: 'clean', actions: 'notifySaved' },
        ],
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
            { type: 'notifyFailed', params: ({ event }) => ({ error: String((event.error as Error)?.message ?? event.error) }) },
          ],
        },
      },
      on: {
        'editor.input': { actions: assign({ changedWhileSaving: true, noteId: ({ event }) => event.noteId }) },
        // A page hide mid-save must still capture what was typed since the save began, and one before
        // the save captured must capture now.
        'autosave.flush': [{ guard: 'changedWhileSaving', target: 'saving', reenter: true }, { actions: 'hurrySave' }],
        'editor.blur': { guard: 'changedWhileSaving', target: 'saving', reenter: true },
      },
    },
    failed: {
      after: { AUTOSAVE_RETRY_DELAY_MS: 'saving' },
      on: {
        'editor.input': { target: 'dirty', actions: assign({ noteId: ({ event }) => event.noteId }) },
        'editor.blur': 'saving',
        'autosave.flush': 'saving',
      },
    },
  },
});
