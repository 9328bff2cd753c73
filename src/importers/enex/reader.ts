/*
 * The ENEX reader (docs/architecture.md "Import from other apps"): planning parses the whole file once
 * to know it is sound and how many notes it holds; reading parses it again and yields one note at a time.
 */
import { decodedChunks } from '../decode';
import { eventLoopYielder, throwIfAborted } from '../limits';
import { stemOf } from '../paths';
import { ImportFileError, type ImportInput, type ImportLimits, type PlannedSource, type ReaderItem } from '../neutralNotes';
import { convertEnexNote, type EnexFile } from './enexNote';
import { EnexParser, EnexSyntaxError, type RawNote } from './parse';

/** A note that cannot be converted for a reason nobody foresaw is skipped, never the end of the import. */
function safeConvert(raw: RawNote, file: EnexFile): ReaderItem {
  try {
    return convertEnexNote(raw, file);
  } catch {
    return { kind: 'skipped', skipped: { title: raw.title, reason: 'damaged in the export: it cannot be converted' } };
  }
}

async function* readEnex(input: ImportInput, file: EnexFile, signal?: AbortSignal): AsyncGenerator<ReaderItem> {
  const queue: RawNote[] = [];
  const parser = new EnexParser(true, file.limits, (note) => queue.push(note));
  const pause = eventLoopYielder();
  let done = 0;
  try {
    for await (const chunk of decodedChunks(input, signal)) {
      parser.write(chunk);
      while (queue.length) {
        if (signal?.aborted) return;
        yield safeConvert(queue.shift()!, file);
        done += 1;
        await pause();
      }
    }
    if (signal?.aborted) return;
    parser.end();
  } catch {
    if (signal?.aborted) return;
    // Planning read this file to its end; only a file changed or moved since then gets here.
    yield {
      kind: 'dropped',
      dropped: {
        item: `${input.name}: the notes after note ${done}`,
        reason: 'the file could not be read again (changed or moved since it was chosen)',
      },
    };
  }
}

/**
 * Plans an `.enex` file: parses it to the end (never holding it whole) and counts its notes. Throws
 * ImportFileError when the XML breaks (a cut file), the root is not `<en-export>`, or it holds no note;
 * the signal's reason when it aborts.
 */
export async function planEnex(input: ImportInput, limits: ImportLimits, signal?: AbortSignal): Promise<PlannedSource> {
  const parser = new EnexParser(false, limits);
  try {
    for await (const chunk of decodedChunks(input, signal)) parser.write(chunk);
    throwIfAborted(signal);
    parser.end();
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof EnexSyntaxError) throw new ImportFileError(input.name, `not a complete Evernote export: ${error.message}`);
    throw new ImportFileError(input.name, 'could not be read (it may have been moved or changed)');
  }
  if (parser.count === 0) throw new ImportFileError(input.name, 'an Evernote export with no notes in it');
  const file: EnexFile = { name: input.name, notebook: stemOf(input.name), lastModified: input.lastModified ?? null, limits };
  return { file: input.name, app: 'evernote', total: parser.count, read: (readSignal) => readEnex(input, file, readSignal) };
}
