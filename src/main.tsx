import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { EventLog, LOG_CHANNEL_NAME } from './events/eventLog';
import { openIndexedDbStorage } from './events/logStorage';
import { createMemoryStorage } from './events/memoryStorage';
import { recoverJournal, writeJournal } from './services/journal';
import { importLegacyNotes } from './services/legacyImport';
import { StorageMirror } from './services/storageMirror';
import { LogProvider } from './ui/LogContext';
import { createAppRouter } from './ui/router';
import { installPageHideHandler } from './ui/pageLifecycle';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './ui/constants';
import './ui/app.css';

/** Open the durable log, or an in-memory one with a visible warning when IndexedDB is unavailable. */
async function openLog(): Promise<{ log: EventLog; durable: boolean }> {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOG_CHANNEL_NAME) : null;
  try {
    return { log: new EventLog({ storage: await openIndexedDbStorage(), channel }), durable: true };
  } catch (error) {
    console.error('NotePad: IndexedDB is unavailable', error);
    return { log: new EventLog({ storage: createMemoryStorage(), channel: null }), durable: false };
  }
}

/** Start-up: load the log, recover the page-hide journal, import legacy notes, mirror to localStorage, render. */
async function boot(): Promise<void> {
  const { log, durable } = await openLog();
  await log.load();
  await recoverJournal(log);
  const legacy = await importLegacyNotes(log);
  const mirror = new StorageMirror(localStorage);
  log.state$.subscribe((state) => mirror.write(state.notes));
  installPageHideHandler(() => writeJournal(log));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LogProvider log={log}>
        <RouterProvider router={createAppRouter()} />
        <Toaster position="bottom-right" duration={TOAST_DURATION_MS} closeButton />
      </LogProvider>
    </StrictMode>,
  );

  const { quarantinedNow } = log.status$.value;
  if (quarantinedNow.length) {
    toast.warning('Some saved data could not be read', {
      description: `${quarantinedNow.length} unreadable log entr${quarantinedNow.length === 1 ? 'y was' : 'ies were'} set aside; everything else was loaded.`,
      duration: TOAST_ERROR_DURATION_MS,
    });
  }
  if (legacy.problems.length) console.warn('NotePad: legacy notes import problems', legacy.problems);
  if (!durable) {
    toast.error('Storage unavailable', {
      description: 'This browser blocks IndexedDB: NotePad works for this session, but changes will not persist.',
      duration: Infinity,
    });
  }
}

void boot();
