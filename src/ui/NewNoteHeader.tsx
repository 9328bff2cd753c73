import { useState } from 'react';
import { DEFAULT_NOTE_TITLE } from '../projections/notesState';
import { TitleField, type TitleDraft } from './TitleField';

/**
 * A note New note asked for (docs/product.md "States and transitions"), from the key press or click
 * until the editor shows it: the title typed so far, the title saved before the note existed (it is
 * created with it), and the note's id once it exists. Mutable: the fields and the creation write it.
 */
export interface NewNoteRequest {
  /** Tells one request's field from the next one's. */
  readonly key: number;
  readonly draft: TitleDraft;
  id: string | null;
  savedTitle: string | null;
}

let requests = 0;

/** A new request, its title field about to open on "Untitled Note", all of it selected. */
export function newNoteRequest(): NewNoteRequest {
  requests += 1;
  return { key: requests, draft: { text: DEFAULT_NOTE_TITLE, selection: null, holder: null, done: false }, id: null, savedTitle: null };
}

/**
 * The new note's header, shown in the frame after New note (docs/architecture.md "Start-up order"):
 * on a page just loaded the log may still be read and the editor's code still load, and keys typed
 * meanwhile land in this real title field, part of the first screen's code and styles. The editor's
 * header takes the draft over once the note exists and the editor can show it.
 */
export function NewNoteHeader({ request, onSave }: { request: NewNoteRequest; onSave: (title: string) => void }) {
  const [title, setTitle] = useState(request.savedTitle ?? DEFAULT_NOTE_TITLE);
  return (
    <section className="editor-pane" aria-label="Editor">
      <header className="editor-header">
        <h2 className="editor-title">
          <TitleField
            title={title}
            draft={request.draft}
            startEditing={!request.draft.done}
            onSave={(saved) => {
              setTitle(saved);
              onSave(saved);
            }}
          />
        </h2>
      </header>
      <p className="loading" role="status">
        Loading your notes…
      </p>
    </section>
  );
}
