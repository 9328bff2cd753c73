import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { EventLog } from '../events/eventLog';
import { DEFAULT_NOTE_TITLE } from '../projections/notesState';
import { newNoteRequest, type NewNoteRequest } from './NewNoteHeader';
import { stopEarlyNewNote, takeEarlyNewNotes } from './earlyNewNote';
import { fileInFilter } from './organise/newNoteInFilter';
import { newNoteId } from './newNoteId';

/** The note New note asked for, until the editor shows its title field; `created` once it is in the log. */
export interface NewNoteShown {
  request: NewNoteRequest;
  created: boolean;
}

/**
 * New note (docs/product.md "States and transitions"): `createNote` shows the note's title field in
 * the same frame (NewNoteHeader, or the editor's header when the editor is there), also while
 * start-up still reads the log or the editor's code loads; the note is created once the log is
 * editable, with the title saved by then if any. Requests made before the notes app rendered
 * (earlyNewNote.tsx) are taken over. `editorShown`: the editor can show a note now.
 */
export function useNewNote(log: EventLog, whenEditable: Promise<void>, editorShown: boolean) {
  const [newNote, setNewNote] = useState<NewNoteShown | null>(() => {
    const last = takeEarlyNewNotes().requests.at(-1);
    return last ? { request: last, created: false } : null;
  });
  const showsEditor = useRef(editorShown);
  showsEditor.current = editorShown;

  /** Append the note (false when this tab may not write). */
  const create = useCallback(
    (request: NewNoteRequest): boolean => {
      if (!log.writable) return false;
      const id = newNoteId({ ...log.state.notes.meta, ...log.state.notes.deleted });
      if (log.state.view.analyticsOpen) void log.append('ui.analytics-toggled', { open: false });
      void log.append('note.created', { id, title: request.savedTitle ?? DEFAULT_NOTE_TITLE });
      // Made inside a notebook or tag filter, it joins what the list shows instead of vanishing from it.
      fileInFilter(log, id);
      request.id = id;
      return true;
    },
    [log],
  );
  const createWhenEditable = useCallback(
    (request: NewNoteRequest) =>
      void whenEditable.then(() => {
        const created = create(request);
        setNewNote((current) => (current?.request !== request ? current : created ? { request, created } : null));
      }),
    [create, whenEditable],
  );

  // The notes asked for before the app rendered, in order (the last one's field is the one shown); from
  // this commit on, the app's own shortcut answers Ctrl+Alt+N.
  useLayoutEffect(() => {
    stopEarlyNewNote();
    const { requests, forget } = takeEarlyNewNotes();
    forget();
    requests.forEach(createWhenEditable);
  }, [createWhenEditable]);

  const createNote = useCallback(() => {
    if (!log.writable) return;
    const request = newNoteRequest();
    // The editor is there: its header opens the title field in the frame that shows the note.
    if (showsEditor.current) {
      if (create(request)) setNewNote({ request, created: true });
      return;
    }
    setNewNote({ request, created: false });
    createWhenEditable(request);
  }, [log, create, createWhenEditable]);

  /** A title saved in the new note's field: the title it is created with, or a rename once it exists. */
  const saveTitle = (request: NewNoteRequest, title: string) => {
    if (request.id === null) request.savedTitle = title;
    else void log.append('note.renamed', { id: request.id, title });
  };

  /** The editor's title field for the new note closed: forget the request once its editing is done. */
  const titleEdited = () => setNewNote((current) => (current?.request.draft.done ? null : current));

  return { newNote, createNote, saveTitle, titleEdited };
}
