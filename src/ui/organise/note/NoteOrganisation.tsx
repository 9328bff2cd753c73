import { useLog, useProjection } from '../../LogContext';
import { NotebookPicker } from './NotebookPicker';
import { TagInput } from './TagInput';
import './note.css';

/**
 * The selected note's notebook and tags, under its title (docs/product.md "Notebooks and tags"):
 * the notebook picker, the tag chips and the tag field. Loaded after start-up (NoteOrganisationSlot).
 */
export default function NoteOrganisation({ noteId }: { noteId: string }) {
  const log = useLog();
  const notes = useProjection((s) => s.notes);
  return (
    <>
      <NotebookPicker log={log} notes={notes} noteId={noteId} />
      <TagInput key={noteId} log={log} notes={notes} noteId={noteId} />
    </>
  );
}
