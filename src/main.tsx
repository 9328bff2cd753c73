import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EventLog, LOG_CHANNEL_NAME } from './events/eventLog';
import { openIndexedDbStorage } from './events/logStorage';
import { createMemoryStorage } from './events/memoryStorage';
import { appShellMachine } from './machines/appShell';
import { recoverJournal, writeJournal } from './services/journal';
import { importLegacyNotes } from './services/legacyImport';
import { StorageMirror } from './services/storageMirror';
import { scheduleCompaction } from './services/compaction';
import { LogProvider } from './ui/LogContext';
import { createAppRouter } from './ui/router';
import { installPageHideHandler } from './ui/pageLifecycle';
import { inspect, startInspection } from './ui/inspection';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './ui/constants';
import './ui/app.css';

const root = createRoot(document.getElementById('root')!);
// Only development builds carry the debug panel (issue 6); production never loads its code.
const DebugPanel = import.meta.env.DEV ? lazy(() => import('./ui/debug/DebugPanel')) : null;

/** Start-up, driven by the appShell machine: open and fold the log, recover, import legacy notes, then render. */
async function boot(): Promise<void> {
  await startInspection();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOG_CHANNEL_NAME) : null;
  let log: EventLog | null = null;
  let legacyProblems: string[] = [];
  const shell = createActor(
    appShellMachine.provide({
      actors: {
        openDurableLog: fromPromise(async () => {
          log = new EventLog({ storage: await openIndexedDbStorage(), channel });
        }),
        openMemoryLog: fromPromise(async () => {
          log = new EventLog({ storage: createMemoryStorage(), channel: null });
        }),
        loadLog: fromPromise(() => log!.load()),
        recoverJournal: fromPromise<void>(async () => {
          await recoverJournal(log!);
        }),
        importLegacy: fromPromise(async () => {
          legacyProblems = (await importLegacyNotes(log!)).problems;
        }),
      },
    }),
    { inspect },
  );
  shell.start();
  const done = await waitFor(shell, (s) => s.status === 'done' || s.matches('failed'), { timeout: Infinity });
  if (done.matches('failed') || !log) {
    root.render(
      <main className="route-error" role="alert">
        <h1>NotePad could not start</h1>
        <p>{done.context.error}</p>
      </main>,
    );
    return;
  }
  const ready: EventLog = log;
  const mirror = new StorageMirror(localStorage);
  ready.state$.subscribe((state) => mirror.write(state.notes));
  installPageHideHandler(() => writeJournal(ready));
  scheduleCompaction(ready);

  root.render(
    <StrictMode>
      <LogProvider log={ready}>
        <RouterProvider router={createAppRouter()} />
        <Toaster position="bottom-right" duration={TOAST_DURATION_MS} closeButton />
        {DebugPanel && (
          <Suspense fallback={null}>
            <DebugPanel />
          </Suspense>
        )}
      </LogProvider>
    </StrictMode>,
  );

  const { quarantinedNow } = ready.status$.value;
  if (quarantinedNow.length) {
    toast.warning('Some saved data could not be read', {
      description: `${quarantinedNow.length} unreadable log entr${quarantinedNow.length === 1 ? 'y was' : 'ies were'} set aside; everything else was loaded.`,
      duration: TOAST_ERROR_DURATION_MS,
    });
  }
  if (legacyProblems.length) console.warn('NotePad: legacy notes import problems', legacyProblems);
  if (!done.context.durable) {
    toast.error('Storage unavailable', {
      description: 'This browser blocks IndexedDB: NotePad works for this session, but changes will not persist.',
      duration: Infinity,
    });
  }
}

void boot();
