/*
 * Planning's pass over a folder's or zip's files (docs/architecture.md "Import from other apps"): every
 * file is read once, within its limit, so that a zip bomb, a damaged entry or a note too large is known
 * before anything is written; notes are told apart (Markdown, HTML, text, Keep and Simplenote JSON) and
 * NotePad's own export recognised by its front matter. Nothing read is kept.
 */
import { decodeText } from '../decode';
import { eventLoopYielder } from '../limits';
import { splitFrontMatter } from '../markdown/frontMatter';
import { isNotepadFrontMatter } from '../markdown/markdownNote';
import { extensionOf } from '../mime';
import { isKeepNote } from '../keep';
import { asSimplenoteExport } from '../simplenote';
import type { ImportLimits } from '../neutralNotes';
import { FileReadError, type SourceFile } from './files';

/** What a file of a folder is to the import. */
export type FileKind = 'markdown' | 'html' | 'text' | 'keep' | 'simplenote' | 'json' | 'enex' | 'other';

/** A file with its kind, and the reason it cannot be read when it cannot. */
export interface ClassifiedFile {
  file: SourceFile;
  kind: FileKind;
  problem: string | null;
  /** Markdown whose front matter is NotePad's own export's. */
  notepad: boolean;
  /** Its place in the manual order NotePad's export wrote, when it has one. */
  order: number | null;
  /** Markdown: the creation time its front matter gives (ms), else null. */
  created: number | null;
}

const BY_EXTENSION: Record<string, FileKind> = {
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  txt: 'text',
  json: 'json',
  enex: 'enex',
};

/** The kind of a JSON file: Keep's note, Simplenote's export, or other JSON. */
function jsonKind(text: string): FileKind {
  try {
    const json: unknown = JSON.parse(text);
    if (isKeepNote(json)) return 'keep';
    if (asSimplenoteExport(json)) return 'simplenote';
  } catch {
    // Not JSON at all: a file like any other.
  }
  return 'json';
}

async function classifyOne(file: SourceFile, limits: ImportLimits, signal?: AbortSignal): Promise<ClassifiedFile> {
  const kind = BY_EXTENSION[extensionOf(file.path)] ?? 'other';
  const out: ClassifiedFile = { file, kind, problem: null, notepad: false, order: null, created: null };
  try {
    if (kind === 'markdown' || kind === 'json') {
      const text = decodeText(await file.read(limits.maxNoteBytes, signal));
      if (kind === 'json') out.kind = jsonKind(text);
      else {
        const { front } = splitFrontMatter(text);
        out.notepad = isNotepadFrontMatter(front);
        out.order = front?.order ?? null;
        out.created = front?.created ?? null;
      }
    } else if (kind === 'html' || kind === 'text') {
      await file.check(limits.maxNoteBytes, signal);
    } else {
      await file.check(limits.maxAttachmentBytes, signal);
    }
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    out.problem = error.kind === 'too-large' && kind !== 'other' ? `its text is ${error.reason}` : error.reason;
  }
  if (kind === 'enex') out.problem = 'an Evernote export inside a zip: unzip it and choose the .enex file';
  return out;
}

/**
 * Reads every file once and classifies it. Throws what reading throws beyond a file's own problems:
 * ImportFileError for a zip bomb, the signal's reason when it aborts.
 */
export async function classifyFiles(files: readonly SourceFile[], limits: ImportLimits, signal?: AbortSignal): Promise<ClassifiedFile[]> {
  const pause = eventLoopYielder();
  const out: ClassifiedFile[] = [];
  for (const file of files) {
    out.push(await classifyOne(file, limits, signal));
    await pause();
  }
  return out;
}
