import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { EventLog } from '../events/eventLog';
import type { LogStorage } from '../events/logStorage';
import { createMemoryStorage } from '../events/memoryStorage';
import { appShellMachine } from '../machines/appShell';
import { recoverJournal } from './journal';
import { importLegacyNotes } from './legacyImport';

/** What start-up needs from the outside world; the browser passes IndexedDB, localStorage and a BroadcastChannel. */
export interface StartupDeps {
  openStorage(): Promise<LogStorage>;
  webStorage: Storage;
  channel: ConstructorParameters<typeof EventLog>[0]['channel'];
  inspect?: (event: InspectionEvent) => void;
}

/** The outcome of start-up: a loaded log (null only when even the memory log failed) and what to tell the user. */
export interface StartupResult {
  log: EventLog | null;
  durable: boolean;
  error: string | null;
  legacyProblems: string[];
}

/**
 * Start NotePad's data layer with the appShell machine: open the durable log (memory fallback when
 * IndexedDB is unavailable), fold it, recover the page-hide journal, import legacy notes.
 * Never throws: a failure is reported in the result.
 */
export async function startLog(deps: StartupDeps): Promise<StartupResult> {
  let log: EventLog | null = null;
  let legacyProblems: string[] = [];
  const shell = createActor(
    appShellMachine.provide({
      actors: {
        openDurableLog: fromPromise(async () => {
          log = new EventLog({ storage: await deps.openStorage(), channel: deps.channel });
        }),
        openMemoryLog: fromPromise(async () => {
          log = new EventLog({ storage: createMemoryStorage(), channel: null });
        }),
        loadLog: fromPromise(() => log!.load()),
        recoverJournal: fromPromise<void>(async () => {
          await recoverJournal(log!, deps.webStorage);
        }),
        importLegacy: fromPromise(async () => {
          legacyProblems = (await importLegacyNotes(log!, deps.webStorage)).problems;
        }),
      },
    }),
    deps.inspect ? { inspect: deps.inspect } : {},
  );
  shell.start();
  const done = await waitFor(shell, (s) => s.status === 'done' || s.matches('failed'), { timeout: Infinity });
  const failed = done.matches('failed');
  return { log: failed ? null : log, durable: done.context.durable, error: failed ? done.context.error : null, legacyProblems };
}
