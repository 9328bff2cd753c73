import { useEffect, useState } from 'react';
import { useLog, useProjection } from '../LogContext';
import { TitleField } from '../TitleField';
import { STATUS_MESSAGE_MS } from '../constants';
import { showStatus, statusMessages$ } from '../status';
import { NoteEditor } from './NoteEditor';

/** The transient header message (SPEC.md §4), announced politely to screen readers. */
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
  return <span className="status-message" role="status" aria-live="polite">{message}</span>;
}

/**
 * The editor pane (SPEC.md §2): header with the selected note's title (double-click to rename) or
 * "No note selected", the status message and the Star/Unstar button; the editor below.
 * `editTitleOf` names a just-created note whose title opens in edit mode.
 */
export function EditorPane({ editTitleOf, onTitleEdited }: { editTitleOf: string | null; onTitleEdited: () => void }) {
  const log = useLog();
  const selectedId = useProjection((s) => s.view.selectedId);
  const title = useProjection((s) => (s.view.selectedId ? s.notes.meta[s.view.selectedId]?.title : undefined));
  const starred = useProjection((s) => (s.view.selectedId ? s.notes.starred.includes(s.view.selectedId) : false));

  const toggleStar = () => {
    if (!selectedId) return;
    void log.append(starred ? 'note.unstarred' : 'note.starred', { id: selectedId });
    showStatus(starred ? 'Note unstarred' : 'Note starred');
  };

  return (
    <section className="editor-pane" aria-label="Editor">
      <header className="editor-header">
        <h2 className="editor-title">
          {selectedId && title !== undefined ? (
            <TitleField
              key={selectedId}
              title={title}
              onSave={(t) => void log.append('note.renamed', { id: selectedId, title: t })}
              startEditing={editTitleOf === selectedId}
              onEditingDone={onTitleEdited}
            />
          ) : (
            'No note selected'
          )}
        </h2>
        <StatusMessage />
        <div className="editor-header-actions">
          <button type="button" onClick={toggleStar} disabled={!selectedId} aria-label={starred ? 'Unstar' : 'Star'}>
            {starred ? '★ Unstar' : '☆ Star'}
          </button>
        </div>
      </header>
      {selectedId ? (
        <NoteEditor noteId={selectedId} />
      ) : (
        <div className="editor-empty">
          <p>Select a note in the sidebar, or create one with “New Note”.</p>
        </div>
      )}
    </section>
  );
}
