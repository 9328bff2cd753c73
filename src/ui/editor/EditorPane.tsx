import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLog, useProjection } from '../LogContext';
import { TitleField, type TitleDraft } from '../TitleField';
import { HistoryButton } from '../history/HistoryButton';
import { ShareButton } from '../share/ShareButton';
import { SharedMark } from '../share/SharedMark';
import { sharedNoteIds } from '../../projections/sharedLinks';
import { STATUS_MESSAGE_MS, statusMessages$ } from '../feedback';
import type { NoteEditorHandle } from './NoteEditor';
import { NoteWorkspace } from './NoteWorkspace';
import { HeaderActions } from './HeaderActions';
import { browserEditorServices } from './editorServices';
import { createNoteEditor, takePreparedNoteEditor } from './createNoteEditor';
import './editor.css';
import { FirstScreenShown } from '../firstScreen';

/** The transient header message (docs/product.md "States and transitions"), announced politely to screen readers. */
function StatusMessage() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = statusMessages$.subscribe((text) => {
      setMessage(text);
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(''), STATUS_MESSAGE_MS);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return (
    <span className="status-message" role="status" aria-live="polite">
      {message}
    </span>
  );
}

/** The editor header (docs/product.md "Header"): the title, the status message, the actions. */
export function EditorHeader({ title, actions }: { title: ReactNode; actions: ReactNode }) {
  return (
    <header className="editor-header">
      <h2 className="editor-title">{title}</h2>
      <StatusMessage />
      {actions}
    </header>
  );
}

const NO_STYLES = {};

/**
 * The editor pane (docs/product.md "Editor pane"): header with the selected note's title (double-click to rename) or
 * "No note selected", the status message and the actions; the toolbar and the editor below.
 * The BlockNote editor lives here for the page, so switching notes keeps one instance.
 * `editTitleOf` names a just-created note whose title opens in edit mode, from `titleDraft` (what was
 * typed into its field before the editor could show it) when given.
 */
export function EditorPane({
  editTitleOf,
  titleDraft,
  onTitleEdited,
}: {
  editTitleOf: string | null;
  titleDraft?: TitleDraft;
  onTitleEdited: () => void;
}) {
  const log = useLog();
  const selectedId = useProjection((s) => s.view.selectedId);
  const title = useProjection((s) => (s.view.selectedId ? s.notes.meta[s.view.selectedId]?.title : undefined));
  const starred = useProjection((s) => (s.view.selectedId ? s.notes.starred.includes(s.view.selectedId) : false));
  // The mark of a note shared by a live link (docs/product.md "Share a note"), before its title.
  const shared = useProjection((s) => (s.view.selectedId ? sharedNoteIds(s.notes, Date.now()).has(s.view.selectedId) : false));
  const services = useMemo(browserEditorServices, []);
  const handle = useRef<NoteEditorHandle>(null);
  // Made while start-up read the log when it could (createNoteEditor.ts); kept for the page.
  const [editor] = useState(() => takePreparedNoteEditor() ?? createNoteEditor());

  return (
    <section className="editor-pane" aria-label="Editor">
      {selectedId && title !== undefined ? (
        <NoteWorkspace
          editor={editor}
          handle={handle}
          noteId={selectedId}
          title={title}
          starred={starred}
          services={services}
          header={(actions) => (
            <EditorHeader
              actions={
                <>
                  {actions}
                  <span className="editor-header-more">
                    <ShareButton noteId={selectedId} />
                    <HistoryButton noteId={selectedId} />
                  </span>
                </>
              }
              title={
                <>
                  {shared && <SharedMark className="header-shared-mark" />}
                  <TitleField
                    key={selectedId}
                    title={title}
                    onSave={(t) => void log.append('note.renamed', { id: selectedId, title: t })}
                    startEditing={editTitleOf === selectedId && !titleDraft?.done}
                    draft={editTitleOf === selectedId ? titleDraft : undefined}
                    onEditingDone={onTitleEdited}
                  />
                </>
              }
            />
          )}
        />
      ) : (
        <>
          <EditorHeader
            title="No note selected"
            actions={
              <HeaderActions
                state={{ styles: NO_STYLES, starred: false, recording: false }}
                hasNote={false}
                run={(c) => c.name === 'new-tab' && services.opener.openInNewTab(services.appUrl())}
              />
            }
          />
          <div className="editor-empty">
            <p>Select a note in the sidebar, or create one with “New Note”.</p>
          </div>
          <FirstScreenShown />
        </>
      )}
    </section>
  );
}
