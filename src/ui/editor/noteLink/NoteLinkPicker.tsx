import { useCallback, useEffect, useRef } from 'react';
import { SuggestionMenuController, useBlockNoteEditor, type SuggestionMenuProps } from '@blocknote/react';
import { DEFAULT_NOTE_TITLE } from '../../../projections/notesState';
import { hasNoteTitled, pickNotes } from '../../../projections/noteLinks/notePicker';
import { NOTE_LINK_TYPE } from '../../../projections/noteLinks/noteLinkShape';
import { useLog } from '../../LogContext';
import { newNoteId } from '../../newNoteId';
import { rowDate } from '../../sidebar/rowDate';
import type { NoteEditor } from '../schema';

/** What typing `[[` opens (docs/product.md "Links between notes"). */
export const LINK_TRIGGER = '[[';

/** One line of the picker: a note, or a new note named after the query. */
interface PickerItem {
  /** React key: the note id, or "new". */
  key: string;
  title: string;
  /** The note's last change, as the sidebar shows it. */
  subtext?: string;
  onItemClick: () => void;
}

/** Insert a link to `noteId`, written as `label`, where the picker was opened, and a space after it. */
function insertLink(editor: NoteEditor, noteId: string, label: string): void {
  editor.insertInlineContent([{ type: NOTE_LINK_TYPE, props: { noteId, label } }, ' '], { updateSelection: true });
}

/** The picker's list: a listbox whose options the editor's keys move through (BlockNote gives them `aria-activedescendant`). */
function PickerMenu({ items, selectedIndex, onItemClick }: SuggestionMenuProps<PickerItem>) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);
  return (
    <div ref={list} id="bn-suggestion-menu" role="listbox" aria-label="Link to note" className="note-picker">
      {items.map((item, i) => (
        // The keys are the editor's (arrows, Enter, Escape); a click picks with the mouse.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <div
          key={item.key}
          id={`bn-suggestion-menu-item-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === selectedIndex}
          className={item.key === 'new' ? 'note-picker-item note-picker-new' : 'note-picker-item'}
          onClick={() => onItemClick?.(item)}
        >
          <span className="note-picker-title">{item.title}</span>
          {item.subtext && <span className="note-picker-date">{item.subtext}</span>}
        </div>
      ))}
      {items.length === 0 && <div className="note-picker-empty">No notes to link to yet</div>}
    </div>
  );
}

/**
 * The link picker (docs/product.md "Links between notes"): typing `[[` in a note lists notes by
 * title, most relevant first (`pickNotes`); arrows move, Enter inserts a link to the chosen note,
 * Escape closes. When no title equals the query, the last line makes a new note of that name and
 * links to it, without leaving the note being written.
 */
export function NoteLinkPicker({ noteId }: { noteId: string }) {
  const log = useLog();
  const editor = useBlockNoteEditor() as unknown as NoteEditor;
  const getItems = useCallback(
    // BlockNote asks for a promise; the titles are in memory.
    async (query: string): Promise<PickerItem[]> => {
      const { notes } = log.state;
      const items: PickerItem[] = pickNotes(notes, query, noteId).map((id) => {
        const { title, modified } = notes.meta[id];
        return { key: id, title, subtext: rowDate(modified), onItemClick: () => insertLink(editor, id, title) };
      });
      const title = query.trim();
      if (title && log.writable && !hasNoteTitled(notes, title)) {
        items.push({
          key: 'new',
          title: `New note “${title}”`,
          onItemClick: () => {
            const { meta, deleted } = log.state.notes;
            const id = newNoteId({ ...meta, ...deleted });
            // Made and this note selected again in one step: the note being written stays open.
            void log.appendBatch([
              log.create('note.created', { id, title: title || DEFAULT_NOTE_TITLE }),
              log.create('note.selected', { id: noteId }),
            ]);
            insertLink(editor, id, title);
          },
        });
      }
      return items;
    },
    [log, editor, noteId],
  );
  return <SuggestionMenuController triggerCharacter={LINK_TRIGGER} getItems={getItems} suggestionMenuComponent={PickerMenu} />;
}
