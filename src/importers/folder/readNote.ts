/*
 * One note file of a folder or zip read into a ReaderItem: the format's reader, and every failure of a
 * single note turned into a skipped note with its reason, so one bad file never ends the import.
 */
import { decodeText } from '../decode';
import { htmlNote } from '../html/htmlNote';
import { isKeepNote, keepNote } from '../keep';
import { markdownNote } from '../markdown/markdownNote';
import { textNote } from '../textNote';
import { ImportFileError, type ReaderItem } from '../neutralNotes';
import type { FileKind } from './classify';
import { FileReadError, type SourceFile } from './files';
import { titleFromPath, type NoteContext } from './noteContext';

/** A note file to read, with the problem planning found in it. */
export interface NoteEntry {
  file: SourceFile;
  kind: FileKind;
  problem: string | null;
}

function skipped(entry: NoteEntry, reason: string): ReaderItem {
  return { kind: 'skipped', skipped: { title: titleFromPath(entry.file.path), path: entry.file.path, reason } };
}

async function convert(entry: NoteEntry, text: string, context: NoteContext): Promise<ReaderItem> {
  switch (entry.kind) {
    case 'markdown':
      return { kind: 'note', note: await markdownNote(entry.file, text, context) };
    case 'html':
      return { kind: 'note', note: await htmlNote(entry.file, text, context) };
    case 'text':
      return { kind: 'note', note: textNote(entry.file, text, context) };
    case 'keep': {
      const json: unknown = JSON.parse(text);
      if (!isKeepNote(json)) return skipped(entry, 'damaged: not a Google Keep note');
      return keepNote(entry.file, json, context);
    }
    default:
      return skipped(entry, 'not a note');
  }
}

/**
 * The item for one note file. Throws only the signal's reason, and ImportFileError when the zip turns
 * out to produce more than planning counted (the file changed since).
 */
export async function readNote(entry: NoteEntry, context: NoteContext): Promise<ReaderItem> {
  if (entry.problem) return skipped(entry, entry.problem);
  try {
    const bytes = await entry.file.read(context.limits.maxNoteBytes, context.signal);
    return await convert(entry, decodeText(bytes), context);
  } catch (error) {
    if (context.signal?.aborted || error instanceof ImportFileError) throw error;
    if (error instanceof FileReadError) return skipped(entry, error.kind === 'too-large' ? `its text is ${error.reason}` : error.reason);
    return skipped(entry, 'damaged: it cannot be read');
  }
}
