import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { filter } from 'rxjs';
import { LOG_CHANNEL_NAME } from './events/eventLog';
import { openIndexedDbStorage } from './events/logStorage';
import { writeJournal } from './services/journal';
import { startLog } from './services/startup';
import { StorageMirror } from './services/storageMirror';
import { scheduleCompaction } from './services/compaction';
import { LogProvider } from './ui/LogContext';
import { AppRoutes } from './ui/router';
import { installPageHideHandler } from './ui/pageLifecycle';
import { inspect, startInspection } from './ui/inspection';
import { ToastHost } from './ui/ToastHost';
import { toasts } from './ui/toast';
import { loadPurifier } from './services/purifier';
import { announceMirrorError, announceStartup } from './ui/notices';
import { AfterLoad, whenLoadedAndIdle } from './ui/afterLoad';
import { LoadingShell } from './ui/LoadingShell';
import { requestPersistenceAfterFirstSave } from './ui/storage/persistence';
import { keepSearchIndexFresh } from './ui/sidebar/bodyText';
import { appFunctionsClient } from './services/appFunctions';
import type { FunctionsClient } from './services/functionsClient';
import { browserPageContext, trackAppLoad } from './services/tracking';
import './ui/app.css';

const root = createRoot(document.getElementById('root')!);
// Only development builds carry the debug panel (issue 6); production never loads its code.
const DebugPanel = import.meta.env.DEV ? lazy(() => import('./ui/debug/DebugPanel')) : null;
// The service worker registers after the first load (its precache downloads every asset again).
const UpdatePrompt = lazy(() => import('./ui/pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Start-up: the appShell machine opens and folds the log, recovers, imports legacy notes; then render. */
async function boot(): Promise<void> {
  // A production build with a blank or unusable VITE_FUNCTIONS_* variable stops here and says which
  // (README "AI helpers and usage tracking"); otherwise usage is tracked once per load (not on /replay).
  let functions: FunctionsClient;
  try {
    functions = appFunctionsClient();
  } catch (error) {
    root.render(
      <main className="route-error" role="alert">
        <h1>NotePad could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
    throw error;
  }
  // First paint at once: the notes app's frame while the log opens (the editor follows when it is
  // loaded). Only on the notes screen: /replay and unknown paths look different.
  if (window.location.pathname === '/') root.render(<LoadingShell />);
  const page = browserPageContext();
  await startInspection();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOG_CHANNEL_NAME) : null;
  const result = await startLog({ openStorage: openIndexedDbStorage, webStorage: localStorage, channel, inspect });
  // Tracking (and the ky client it loads) waits for an idle moment after start-up, not one while
  // IndexedDB opens: the first screen comes first (issue 7).
  whenLoadedAndIdle(() => void trackAppLoad(functions, page));
  const { log, error } = result;
  if (!log) {
    root.render(
      <main className="route-error" role="alert">
        <h1>NotePad could not start</h1>
        <p>{error}</p>
      </main>,
    );
    return;
  }
  const ready = log;
  const mirror = new StorageMirror(localStorage, announceMirrorError);
  // Mirror writes run in a task of their own (a big note_{id} takes tens of ms); page hide writes what waits.
  ready.state$.subscribe((state) => mirror.schedule(state.notes));
  // A durable write may follow freed space without a new projection (the edit was already shown):
  // let the copy catch up then too, instead of waiting for the next change. Only note events:
  // view events (a search keystroke) would re-sort every stale key while storage stays full.
  ready.events$.pipe(filter((event) => event.type.startsWith('note.'))).subscribe(() => mirror.retry());
  installPageHideHandler(() => {
    writeJournal(ready);
    mirror.flush();
  });
  // Building the index of every note waits until start-up is done; a search before that builds it at once.
  whenLoadedAndIdle(() => keepSearchIndexFresh(ready.state$));
  scheduleCompaction(ready);
  requestPersistenceAfterFirstSave(ready);

  root.render(
    <StrictMode>
      <LogProvider log={ready}>
        <AppRoutes />
        <ToastHost />
        {import.meta.env.PROD && (
          <AfterLoad>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </AfterLoad>
        )}
        {DebugPanel && (
          <Suspense fallback={null}>
            <DebugPanel />
          </Suspense>
        )}
      </LogProvider>
    </StrictMode>,
  );

  announceStartup(result, ready);
  // Code the first screen does not need loads in idle time after it, so the first toast shows at
  // once, a paste is cleaned without waiting, and both still work if the network goes away (issue 7).
  whenLoadedAndIdle(() => {
    void toasts.preload().catch(() => undefined);
    // The paste sanitizer: a paste before it has loaded waits for it (src/ui/editor/paste.ts).
    void loadPurifier().catch((error: unknown) => console.error('NotePad: DOMPurify could not be preloaded', error));
  });
}

void boot();
