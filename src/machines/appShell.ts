import { assign, fromPromise, setup } from 'xstate';

/**
 * Start-up of the app (docs/architecture.md "Start-up order"): open the durable log (or fall back
 * to memory when IndexedDB is unavailable); show the list from the snapshot head when the log can
 * (`previewLog` answers whether it published one), then fold the whole log. From the preview on,
 * or from the whole fold when there is none, the log is `readable` (tag) and the app renders its
 * list. Once the app reports its first paint (`app.painted`), recover the page-hide journal and
 * read the original app's note index (`importLegacy` starts their import, which goes on in the
 * background), then `ready`, tagged `editable`: only from then on may the user append note events. Both steps read localStorage, whose first access of a page loads the
 * origin's whole store (~5 MB of mirrored notes), so they wait until the list is on screen; and
 * they come before any edit, because recovery skips a journaled save older than the note's last
 * change (an edit made first would silently drop the journaled text).
 * Each step is an actor the app provides, so tests and replay can swap them.
 */
export const appShellMachine = setup({
  types: {
    context: {} as { durable: boolean; error: string | null; painted: boolean },
    events: {} as { type: 'app.painted' },
  },
  actors: {
    openDurableLog: fromPromise<void>(async () => {}),
    /** Publish the list before the bodies; resolves true when it did (EventLog.preview). */
    previewLog: fromPromise<boolean>(async () => false),
    openMemoryLog: fromPromise<void>(async () => {}),
    loadLog: fromPromise<void>(async () => {}),
    recoverJournal: fromPromise<void>(async () => {}),
    importLegacy: fromPromise<void>(async () => {}),
  },
  actions: {
    notePainted: assign({ painted: true }),
  },
  guards: {
    painted: ({ context }) => context.painted,
    previewShown: ({ event }) => (event as unknown as { output: boolean }).output,
  },
}).createMachine({
  id: 'appShell',
  context: { durable: true, error: null, painted: false },
  initial: 'openingLog',
  // The paint may be reported before the log is read (it never is in the app, but a caller that
  // does not render reports it at once): remember it, act on it in `awaitingPaint`.
  on: { 'app.painted': { actions: 'notePainted' } },
  states: {
    openingLog: {
      invoke: {
        src: 'openDurableLog',
        onDone: 'previewingLog',
        onError: { target: 'openingMemoryLog', actions: assign({ durable: false, error: ({ event }) => String(event.error) }) },
      },
    },
    openingMemoryLog: { invoke: { src: 'openMemoryLog', onDone: 'loadingLog', onError: 'failed' } },
    previewingLog: {
      invoke: {
        src: 'previewLog',
        onDone: [{ guard: 'previewShown', target: 'showingPreview' }, { target: 'loadingLog' }],
        // A preview that fails changes nothing: the whole fold follows as without one.
        onError: 'loadingLog',
      },
    },
    loadingLog: { invoke: { src: 'loadLog', onDone: 'recovering', onError: 'failed' } },
    // The list is shown from the preview; reading the bodies (a long task for a big log) waits until it is painted.
    showingPreview: { tags: ['readable'], always: { guard: 'painted', target: 'loadingBodies' } },
    loadingBodies: { tags: ['readable'], invoke: { src: 'loadLog', onDone: 'recovering', onError: 'failed' } },
    recovering: {
      tags: ['readable'],
      initial: 'awaitingPaint',
      states: {
        awaitingPaint: { always: { guard: 'painted', target: 'recoveringJournal' } },
        recoveringJournal: { invoke: { src: 'recoverJournal', onDone: 'importingLegacy', onError: 'importingLegacy' } },
        importingLegacy: { invoke: { src: 'importLegacy', onDone: '#appShell.ready', onError: '#appShell.ready' } },
      },
    },
    ready: { type: 'final', tags: ['readable', 'editable'] },
    failed: { entry: assign({ error: ({ event }) => String((event as { error?: unknown }).error) }) },
  },
});
