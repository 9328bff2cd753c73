import { assign, fromPromise, setup } from 'xstate';

/**
 * Start-up of the app (docs/architecture.md "Start-up order"): open the durable log (or fall back
 * to memory when IndexedDB is unavailable) and fold it; then the log is `readable` (tag) and the
 * app renders its list. Once the app reports its first paint (`app.painted`), recover the page-hide
 * journal and import legacy notes, then `ready`, tagged `editable`: only from then on may the user
 * append note events. Both steps read localStorage, whose first access of a page loads the
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
        onDone: 'loadingLog',
        onError: { target: 'openingMemoryLog', actions: assign({ durable: false, error: ({ event }) => String(event.error) }) },
      },
    },
    openingMemoryLog: { invoke: { src: 'openMemoryLog', onDone: 'loadingLog', onError: 'failed' } },
    loadingLog: { invoke: { src: 'loadLog', onDone: 'recovering', onError: 'failed' } },
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
