import type { SourceFile } from './folder/files';
import { fileDates, noteSource, titleFromPath, type NoteContext } from './folder/noteContext';
import type { ImportedNote } from './neutralNotes';

/** A plain text file as a note: the file name as title, one paragraph per line (the pipeline splits them). */
export function textNote(file: SourceFile, text: string, context: NoteContext): ImportedNote {
  return {
    title: titleFromPath(file.path),
    body: { format: 'text', text: text.replace(/\r\n?/g, '\n') },
    ...fileDates(file),
    tags: [],
    notebook: context.notebookOf(file.path),
    starred: false,
    attachments: [],
    source: noteSource(file, context),
    dropped: [],
  };
}
