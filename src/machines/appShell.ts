import { assign, fromPromise, setup } from 'xstate';

/**
 * Start-up of the app (ARCHITECTURE.md "Machines", app shell): open the durable log (or fall back
 * to memory when IndexedDB is unavailable), fold it, recover the page-hide journal, import legacy
 * notes, then ready. Each step is an actor the app provides, so tests and replay can swap them.
 */
export const appShellMachine = setup({
  types: {
    context: {} as { durable: boolean; error: string | null },
  },
  actors: {
    openDurableLog: fromPromise<void>(async () => {}),
    openMemoryLog: fromPromise<void>(async () => {}),
    loadLog: fromPromise<void>(async () => {}),
    recoverJournal: fromPromise<void>(async () => {}),
    importLegacy: fromPromise<void>(async () => {}),
  },
}).createMachine({
  id: 'appShell',
  context: { durable: true, error: null },
  initial: 'openingLog',
  states: {
    openingLog: {
      invoke: {
        src: 'openDurableLog',
        onDone: 'loadingLog',
        onError: { target: 'openingMemoryLog', actions: assign({ durable: false, error: ({ event }) => String(event.error) }) },
      },
    },
    openingMemoryLog: { invoke: { src: 'openMemoryLog', onDone: 'loadingLog', onError: 'failed' } },
    loadingLog: { invoke: { src: 'loadLog', onDone: 'recoveringJournal', onError: 'failed' } },
    recoveringJournal: { invoke: { src: 'recoverJournal', onDone: 'importingLegacy', onError: 'importingLegacy' } },
    importingLegacy: { invoke: { src: 'importLegacy', onDone: 'ready', onError: 'ready' } },
    ready: { type: 'final' },
    failed: { entry: assign({ error: ({ event }) => String((event as { error?: unknown }).error) }) },
  },
});
