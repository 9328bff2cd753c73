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

/** The log once it is loaded and folded (null only when even the memory log failed), before recovery. */
export interface ReadableLog {
  log: EventLog | null;
  durable: boolean;
  error: string | null;
}

/** The outcome of start-up: a loaded log (null only when even the memory log failed) and what to tell the user. */
export interface StartupResult extends ReadableLog {
  legacyProblems: string[];
}

/**
 * A running start-up (appShell machine). `readable` resolves once the list can be shown: the log
 * folded, or its preview published (the bodies are then still being read): render it, read-only. Call `painted()` once that render is on screen: the journal is recovered and legacy
 * notes imported after it (both read localStorage, slow on the first access of a page), and then
 * `editable` resolves. Nothing may append a note event before `editable`. Neither promise rejects;
 * a log that fails to fold after its preview was shown resolves `editable` with `log: null`.
 */
export interface Startup {
  readable: Promise<ReadableLog>;
  editable: Promise<StartupResult>;
  painted(): void;
}

/**
 * Start NotePad's data layer with the appShell machine: open the durable log (memory fallback when
 * IndexedDB is unavailable) and fold it; after `painted()`, recover the page-hide journal and import
 * legacy notes. Never throws: a failure is reported in the results.
 */
export function beginStartup(deps: StartupDeps): Startup {
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
        previewLog: fromPromise(() => log!.preview()),
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
  const readable = waitFor(shell, (s) => s.hasTag('readable') || s.matches('failed'), { timeout: Infinity }).then((s): ReadableLog => {
    const failed = s.matches('failed');
    return { log: failed ? null : log, durable: s.context.durable, error: failed ? s.context.error : null };
  });
  // Settles after `readable`; a fold that fails after the preview was shown is reported here.
  const editable = waitFor(shell, (s) => s.hasTag('editable') || s.matches('failed'), { timeout: Infinity }).then(
    async (s): Promise<StartupResult> => {
      await readable;
      const failed = s.matches('failed');
      return { log: failed ? null : log, durable: s.context.durable, error: failed ? s.context.error : null, legacyProblems };
    },
  );
  return { readable, editable, painted: () => shell.send({ type: 'app.painted' }) };
}

/**
 * Start-up for callers that render nothing (tests, tools): the whole sequence at once, resolving
 * when the log is editable. Never throws: a failure is reported in the result.
 */
export async function startLog(deps: StartupDeps): Promise<StartupResult> {
  const startup = beginStartup(deps);
  startup.painted();
  return startup.editable;
}
