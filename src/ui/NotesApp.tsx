import { lazy, Suspense, useRef, useState } from 'react';
import { useLog, useLogServices, useProjection } from './LogContext';
import { Sidebar } from './sidebar/Sidebar';
import { useEditorPane } from './editor/loadEditorPane';
import { useAppShortcuts } from './shortcuts/useAppShortcuts';
import { useEditability } from './StartupGate';
import { loadImportFeedback } from './feedback';
import { NewNoteHeader } from './NewNoteHeader';
import { useNewNote } from './useNewNote';
import { useNoteFromAddress } from './noteFromAddress';
import { AfterPaint } from './afterLoad';
import { FirstScreenShown } from './firstScreen';

// Plot, d3 and wordcloud load only when the dashboard is first opened.
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
// The import's drop target, progress bar and summary load once notes may be changed and that frame is painted (kept off the first load).
const ImportLayer = lazy(() => Promise.all([import('./import/ImportLayer'), loadImportFeedback()]).then(([layer]) => layer));
// The dialog and focus-trap load when the dialog is first opened (kept off the first load).
const ShortcutsDialog = lazy(() => import('./shortcuts/ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));

/** What the main area says until the editor can be shown. */
const loading = (
  <p className="loading" role="status">
    Loading your notes…
  </p>
);

/** The notes app at `/` (docs/product.md "Screens and routes"): sidebar beside the editor or the dashboard. */
export function NotesApp() {
  const log = useLog();
  const { search, links } = useLogServices();
  const sidebar = useProjection((s) => s.view.sidebar);
  const analyticsOpen = useProjection((s) => s.view.analyticsOpen);
  const notes = useProjection((s) => s.notes);
  const { editable, whenEditable } = useEditability();
  // `/?note=ID` opens that note (a link opened in a new tab).
  useNoteFromAddress(editable);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // BlockNote and the editor pane are a chunk of their own, run after the first paint (loadEditorPane.ts).
  const EditorPane = useEditorPane();
  const analyticsButton = useRef<HTMLButtonElement>(null);

  const { newNote, createNote, saveTitle, titleEdited } = useNewNote(log, whenEditable, editable && EditorPane !== null);

  useAppShortcuts({
    log,
    search,
    links,
    createNote,
    openShortcuts: () => setShortcutsOpen(true),
    focusSearch: () => {
      if (log.state.view.sidebar !== 'expanded') void log.append('ui.sidebar-toggled', { mode: 'expanded' });
      // The search box exists once the expanded sidebar has rendered.
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[aria-label="Search notes"]')?.focus());
    },
  });

  // The main area's first screen without the editor (the editor says so itself): idle-time work may follow.
  const showsOther = (newNote !== null && (!newNote.created || !EditorPane)) || (editable && analyticsOpen);

  return (
    <div className={`notes-app sidebar-${sidebar}`}>
      <Sidebar onNewNote={createNote} onShowShortcuts={() => setShortcutsOpen(true)} analyticsButtonRef={analyticsButton} />
      <main className="main-area">
        {newNote && (!newNote.created || !EditorPane) ? (
          // The editor's header takes the title field over in the commit that shows the note.
          <NewNoteHeader key={newNote.request.key} request={newNote.request} onSave={(title) => saveTitle(newNote.request, title)} />
        ) : !editable ? (
          // The editor waits for the journal's text (see StartupGate); the list shows meanwhile.
          loading
        ) : analyticsOpen ? (
          <Suspense fallback={<p className="loading">Loading analytics…</p>}>
            <Dashboard
              notes={notes}
              onClose={() => {
                void log.append('ui.analytics-toggled', { open: false });
                // The close button unmounts with the dashboard: give focus back to the toggle that opened it.
                analyticsButton.current?.focus();
              }}
              onOpenNote={(id) => {
                void log.append('ui.analytics-toggled', { open: false });
                void log.append('note.selected', { id });
              }}
            />
          </Suspense>
        ) : EditorPane ? (
          <EditorPane editTitleOf={newNote?.request.id ?? null} titleDraft={newNote?.request.draft} onTitleEdited={titleEdited} />
        ) : (
          loading
        )}
      </main>
      {showsOther && <FirstScreenShown />}
      {editable && (
        <AfterPaint>
          <Suspense fallback={null}>
            <ImportLayer />
          </Suspense>
        </AfterPaint>
      )}
      {shortcutsOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
