import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { EventLog } from '../events/eventLog';
import type { LogStorage } from '../events/logStorage';
import { createMemoryLogStorage } from '../events/memoryLogStorage';
import { appShellMachine } from '../machines/appShell';
import { recoverJournal } from './journal';
import { recoverDrafts, type DraftPlaces } from './draft';
import { planLegacyImport } from './legacyImport';

/** What start-up needs from the outside world; the browser passes IndexedDB, localStorage and a BroadcastChannel. */
export interface StartupDeps {
  openStorage(): Promise<LogStorage>;
  webStorage: Storage;
  channel: ConstructorParameters<typeof EventLog>[0]['channel'];
  inspect?: (event: InspectionEvent) => void;
  /** Where typed-text drafts are kept (`browserDraftPlaces`); none: no draft is recovered. */
  drafts?: () => DraftPlaces;
}

/** The log once it is loaded and folded (null only when even the memory log failed), before recovery. */
interface ReadableLog {
  log: EventLog | null;
  durable: boolean;
  error: string | null;
}

/** The outcome of start-up: a loaded log (null only when even the memory log failed) and what to tell the user. */
export interface StartupResult extends ReadableLog {
  legacyProblems: string[];
  /** What the page-hide journal held that could not be read, and the backup key keeping it (journal.ts); [] when none. */
  journalProblems: string[];
}

/**
 * How the import of the original app's notes ended: how many it brought, and the write error that
 * stopped it (what was written stays; the next start carries on), or null.
 */
export interface LegacyOutcome {
  imported: number;
  error: Error | null;
}

/**
 * A running start-up (appShell machine). `readable` resolves once the list can be shown: the log
 * folded, or its preview published (the bodies are then still being read): render it, read-only.
 * Call `painted()` once that render is on screen: the journal is recovered and the original app's
 * note index read after it (both read localStorage, slow on the first access of a page), and then
 * `editable` resolves. Nothing may append a note event before `editable`. The original app's notes
 * are imported after that, in the background (docs/architecture.md "Legacy import"):
 * `legacyImported` resolves when they are all in, and until then nothing may write the keys they
 * are in (the localStorage mirror starts after it). No promise rejects; a log that fails to fold
 * after its preview was shown resolves `editable` with `log: null`.
 */
export interface Startup {
  readable: Promise<ReadableLog>;
  editable: Promise<StartupResult>;
  legacyImported: Promise<LegacyOutcome>;
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
  let journalProblems: string[] = [];
  let legacyDone!: (outcome: LegacyOutcome) => void;
  const legacyImported = new Promise<LegacyOutcome>((resolve) => (legacyDone = resolve));
  const shell = createActor(
    appShellMachine.provide({
      actors: {
        openDurableLog: fromPromise(async () => {
          log = new EventLog({ storage: await deps.openStorage(), channel: deps.channel });
        }),
        openMemoryLog: fromPromise(async () => {
          log = new EventLog({ storage: createMemoryLogStorage(), channel: null });
        }),
        previewLog: fromPromise(() => log!.preview()),
        loadLog: fromPromise(() => log!.load()),
        recoverJournal: fromPromise<void>(async () => {
          journalProblems = (await recoverJournal(log!, deps.webStorage)).problems;
          if (deps.drafts) await recoverDrafts(log!, deps.drafts());
        }),
        importLegacy: fromPromise(async () => {
          const legacy = planLegacyImport(log!, deps.webStorage);
          legacyProblems = legacy.problems;
          // The notes come in after the log is editable: a note can be opened meanwhile.
          legacy.run().then(
            (imported) => legacyDone({ imported, error: null }),
            (error: unknown) => legacyDone({ imported: 0, error: error instanceof Error ? error : new Error(String(error)) }),
          );
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
      // Without a log there is nothing to import into: the keys stay as they are.
      if (failed) legacyDone({ imported: 0, error: new Error(s.context.error ?? 'start-up failed') });
      return {
        log: failed ? null : log,
        durable: s.context.durable,
        error: failed ? s.context.error : null,
        legacyProblems,
        journalProblems,
      };
    },
  );
  return { readable, editable, legacyImported, painted: () => shell.send({ type: 'app.painted' }) };
}
