import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_NOTE_TITLE } from '../../../projections/notesState';
import { noteLinkHref } from '../../../projections/noteLinks/noteLinkShape';
import { useLog } from '../../LogContext';
import { newNoteId } from '../../newNoteId';
import type { EditorServices } from '../commands';
import type { NoteEditor } from '../schema';
import { MissingNoteOffer } from './MissingNoteOffer';
import { noteLinkContextOf, type OpenLinkRequest } from './noteLinkContext';

/**
 * What opening a link in `editor` does (docs/product.md "Links between notes"): a link to a note
 * selects it (`note.selected`, as the sidebar does), in a new tab with Ctrl/Cmd-click (`/?note=ID`);
 * a link to a missing note offers to create it. *Create* makes the note, titled as the link was
 * written, points the link at it (an edit of this note, saved before the new note opens) and opens
 * it. Returns the offer to render, or null.
 */
export function useNoteLinks(editor: NoteEditor, noteId: string, services: EditorServices): ReactNode {
  const log = useLog();
  const [offer, setOffer] = useState<OpenLinkRequest | null>(null);

  useEffect(() => {
    const context = noteLinkContextOf(editor);
    context.onOpen = (request) => {
      if (request.missing) return setOffer(request);
      if (request.newTab) return services.opener.openInNewTab(new URL(noteLinkHref(request.noteId), services.appUrl()).href);
      if (request.noteId !== noteId) void log.append('note.selected', { id: request.noteId });
    };
    return () => {
      context.onOpen = null;
    };
  }, [editor, noteId, services, log]);

  // Another note shown: an offer about a link of the previous one goes.
  useEffect(() => setOffer(null), [noteId]);

  if (!offer) return null;
  const create = () => {
    setOffer(null);
    if (!log.writable) return;
    const { meta, deleted } = log.state.notes;
    const id = newNoteId({ ...meta, ...deleted });
    // The link first: the note's autosave is flushed with it when the new note opens (NoteEditor).
    offer.repoint(id, offer.label);
    void log.append('note.created', { id, title: offer.label.trim() || DEFAULT_NOTE_TITLE });
  };
  return (
    <MissingNoteOffer
      label={offer.label}
      anchor={offer.element}
      onCreate={create}
      onClose={() => {
        setOffer(null);
        editor.focus();
      }}
    />
  );
}
