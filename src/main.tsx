import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { filter, take } from 'rxjs';
import { LOG_CHANNEL_NAME } from './events/eventLog';
import { openIndexedDbStorage } from './events/logStorage';
import { writeJournal } from './services/journal';
import { browserDraftPlaces, followMirror, keepDraftListed, pageDraftWriter, yieldDraftsToMirror } from './services/draft';
import { beginStartup } from './services/startup';
import { startMirrorAfterLegacyImport } from './services/mirrorStart';
import { scheduleCompaction } from './services/compactionSchedule';
import { DRAFT_PAGES_KEY, openLocalStorage } from './services/webStorage';
import { CouldNotStart } from './ui/CouldNotStart';
import { LogProvider } from './ui/LogContext';
import { createLogServices } from './ui/logServices';
import { StartupGate } from './ui/StartupGate';
import { AppRoutes } from './ui/router';
import { installPageHideHandler } from './ui/pageLifecycle';
import { inspect, startInspection } from './ui/inspection';
import { ToastHost, announceNewerVersion, announceStartup, toasts, watchLogReads } from './ui/feedback';
import { loadPurifier } from './services/purifier';
import { reloadToNewestVersion } from './ui/pwa/reloadToNewest';
import { watchConflictCopies } from './ui/conflictNotices';
import { AfterLoad, loadedAndIdle, whenLoadedAndIdle } from './ui/afterLoad';
import { requestPersistenceAfterFirstSave } from './ui/storage/persistence';
import { localCopy$ } from './ui/storage/localCopy';
import { forgetGoneNotes } from './ui/storage/forgetGoneNotes';
import { appFunctionsClient } from './services/appFunctions';
import type { FunctionsClient } from './services/functionsClient';
import { browserPageContext, trackAppLoad } from './services/tracking';
import { loadEditorPane } from './ui/editor/loadEditorPane';
import { listenForEarlyNewNote, stopEarlyNewNote } from './ui/earlyNewNote';
// The Inter font faces: the whole app's text uses them, not only the editor's (its chunk loads later).
import '@blocknote/core/fonts/inter.css';
import './ui/app.css';

const root = createRoot(document.getElementById('root')!);
// Only development builds carry the debug panel; production never loads its code.
const DebugPanel = import.meta.env.DEV ? lazy(() => import('./ui/debug/DebugPanel')) : null;
// The service worker registers after the first load (its precache downloads every asset again).
const UpdatePrompt = lazy(() => import('./ui/pwa/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));
const showCouldNotStart = (message: string | null) => {
  stopEarlyNewNote();
  root.render(<CouldNotStart message={message} />);
};

/**
 * Start-up: the appShell machine opens and folds the log; render it; after the first paint it
 * recovers the journal and imports legacy notes, and only then may notes be edited (StartupGate).
 */
async function boot(): Promise<void> {
  // Ctrl+Alt+N works from now on: while the log is read its title field shows in the start-up frame.
  listenForEarlyNewNote(root);
  // A production build with a blank or unusable VITE_FUNCTIONS_* variable stops here and says which
  // (README "AI helpers and usage tracking"); otherwise usage is tracked once per load (not on /replay).
  let functions: FunctionsClient;
  try {
    functions = appFunctionsClient();
  } catch (error) {
    showCouldNotStart(error instanceof Error ? error.message : String(error));
    throw error;
  }
  const page = browserPageContext();
  await startInspection();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOG_CHANNEL_NAME) : null;
  // Opening the area reads nothing yet (see below); a browser that refuses it stops here.
  const local = openLocalStorage();
  if (!local.ok) throw local.error;
  const webStorage = local.area;
  // This page's Web Lock is asked for now: its drafts are left alone by other starts while it is open.
  const draftWriter = pageDraftWriter();
  // Another page's rewrite of the drafts' list can drop this page's entry: list it again (docs/architecture.md "Page-hide journal").
  window.addEventListener('storage', (event) => event.key === DRAFT_PAGES_KEY && keepDraftListed(browserDraftPlaces(), draftWriter));
  const startup = beginStartup({ openStorage: openIndexedDbStorage, webStorage, channel, inspect, drafts: browserDraftPlaces });
  const { log, error } = await startup.readable;
  if (!log) {
    showCouldNotStart(error);
    return;
  }
  const ready = log;
  // The search index, the export of all notes and sync belong to this log (docs/architecture.md "Start-up order").
  const services = createLogServices(ready);
  let mirror: { flush(): void } | null = null;
  // Met in the log, the journal or from another tab: say so once, with Reload (docs/architecture.md "Versions and tabs").
  ready.status$
    .pipe(
      filter((status) => status.newerVersion !== null),
      take(1),
    )
    .subscribe(() => announceNewerVersion(() => void reloadToNewestVersion()));
  installPageHideHandler(() => {
    writeJournal(ready, webStorage);
    mirror?.flush();
  });
  // localStorage is first touched after the first paint (its first access loads the origin's whole
  // store, every mirrored note), and the mirror starts after legacy import has brought in the
  // original app's notes, whose keys its first write would otherwise overwrite.
  void startup.editable.then((result) => {
    // The list was shown from the preview and the whole fold failed after it.
    if (!result.log) {
      showCouldNotStart(result.error);
      return;
    }
    // The mirror starts once the original app's notes are all in the log (they come in after the log is editable).
    // Typed-text drafts never cost the mirror room (docs/architecture.md "Page-hide journal"): they leave
    // localStorage while its copy is not whole, and yield their room when a mirror write meets the quota.
    mirror = startMirrorAfterLegacyImport(
      ready,
      webStorage,
      startup.legacyImported,
      (copy) => {
        followMirror(draftWriter, copy.kind === 'complete');
        localCopy$.next(copy);
      },
      () => yieldDraftsToMirror(browserDraftPlaces(), draftWriter),
      // Its first write (every key compared, the bodies ranked) waits until the editor is shown and the thread is idle
      // (a page hidden before that writes it at once).
      loadedAndIdle(),
    );
    scheduleCompaction(ready, webStorage);
    announceStartup(result, ready);
    watchLogReads(ready);
    watchConflictCopies(ready);
    // Sync loads only for a device that syncs (or when the account entry is opened).
    ready.account$
      .pipe(
        filter((record) => record !== null),
        take(1),
      )
      .subscribe(() => void services.sync.load().catch((error: unknown) => console.error('NotePad: sync could not be loaded', error)));
    // Tracking (and the ky client it loads) waits for an idle moment after start-up, not one while
    // IndexedDB opens: the first screen comes first.
    whenLoadedAndIdle(() => void trackAppLoad(functions, page));
    // Building the index of every note waits until start-up is done (the bodies are read by then);
    // a search before that builds it at once.
    whenLoadedAndIdle(() => services.search.keepFresh(ready.state$));
    // The links between notes likewise ("Linked from", the search's join of titles with links).
    whenLoadedAndIdle(() => services.links.keepFresh(ready.state$));
    forgetGoneNotes(ready.state$);
    // Code the first screen does not need loads in idle time once notes may be edited (an idle moment
    // while the log is read would put it before the editor), so the first toast shows at once, a
    // paste is cleaned without waiting, and both still work if the network goes away.
    whenLoadedAndIdle(() => {
      void toasts.preload().catch(() => undefined);
      // The paste sanitizer: a paste before it has loaded waits for it (src/ui/editor/paste.ts).
      void loadPurifier().catch((error: unknown) => console.error('NotePad: DOMPurify could not be preloaded', error));
    });
  });
  requestPersistenceAfterFirstSave(ready);
  // The search index of the last page comes in once the first screen is shown and the thread is idle (or at the
  // first query asking for body matches before that), not while the log is read: the first query reads only what
  // changed since, and neither the editable frame nor a query typed at once waits for the read
  // (docs/architecture.md "Start-up order").
  void services.search.loadStored(loadedAndIdle());
  // The editor's chunk was fetched and compiled beside this one (index.html preloads it); it runs once
  // the list is painted: importing it while the log is read delays the list (docs/benchmarks.md).
  const gate = {
    ...startup,
    painted: () => {
      void loadEditorPane().catch((error: unknown) => console.error('NotePad: the editor could not be loaded', error));
      startup.painted();
    },
  };

  // At once, not in a task of its own: a new note's field shown in the start-up frame is taken over in
  // this commit, with no moment between without a field for the keys.
  flushSync(() =>
    root.render(
      <StrictMode>
        <LogProvider log={ready} services={services}>
          <StartupGate startup={gate}>
            <AppRoutes />
          </StartupGate>
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
    ),
  );
}

void boot();
