import type { Root } from 'react-dom/client';
import { PRODUCT_NAME } from '../services/productName';
import { APP_COMMANDS, isTypingTarget } from './shortcuts/appCommands';
import { NewNoteHeader, newNoteRequest, type NewNoteRequest } from './NewNoteHeader';

/*
 * New note before the notes app is shown (docs/architecture.md "Start-up order"): from the first
 * script until the log has been read, Ctrl+Alt+N on the notes screen renders index.html's frame with
 * the new note's header, so the keys typed at once land in its title field; the notes app takes the
 * requests over in its first render (takeEarlyNewNotes), and the field with them.
 */

let early: NewNoteRequest[] = [];

/** index.html's start-up frame, with the header of the note asked for in place of "Loading your notes…". */
function StartFrame({ request }: { request: NewNoteRequest }) {
  return (
    <div className="notes-app sidebar-expanded" aria-busy="true">
      <nav className="sidebar" aria-label="Notes">
        <div className="sidebar-header">
          <h1 className="product-name">{PRODUCT_NAME}</h1>
        </div>
      </nav>
      <main className="main-area">
        <NewNoteHeader key={request.key} request={request} onSave={(title) => (request.savedTitle = title)} />
      </main>
    </div>
  );
}

let stopListening: (() => void) | null = null;

/**
 * Until `stopEarlyNewNote()`, answer Ctrl+Alt+N on the notes screen by rendering the start-up frame
 * with a new note's title field into `root` (in the key's own task, so the next key finds the field).
 */
export function listenForEarlyNewNote(root: Root): void {
  const newNote = APP_COMMANDS.find((command) => command.id === 'new-note')!;
  const onKey = (event: KeyboardEvent) => {
    if (location.pathname !== '/' || !newNote.matches(event, isTypingTarget(event.target))) return;
    event.preventDefault();
    const request = newNoteRequest();
    early.push(request);
    root.render(<StartFrame request={request} />);
  };
  window.addEventListener('keydown', onKey);
  stopListening = () => window.removeEventListener('keydown', onKey);
}

/** Stop answering Ctrl+Alt+N early: the notes app's own shortcut is attached (or the app could not start). */
export function stopEarlyNewNote(): void {
  stopListening?.();
  stopListening = null;
}

/**
 * The new notes asked for before the notes app rendered, oldest first; the last one's field is
 * still shown. Read in the app's first render; `forget` once it has taken them.
 */
export function takeEarlyNewNotes(): { requests: readonly NewNoteRequest[]; forget: () => void } {
  const requests = early;
  return { requests, forget: () => (early = early.filter((r) => !requests.includes(r))) };
}
