import { readFileSync } from 'node:fs';
import { File as NodeFile } from 'node:buffer';
import { join } from 'node:path';
import { EventLog } from '../../src/events/eventLog';
import type { LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { planImport } from '../../src/importers';
import type { ImportInput } from '../../src/importers/neutralNotes';
import { loadPurifier } from '../../src/services/purifier';
import { convertNote } from '../../src/services/noteImport/convertNote';
import { runImport, type ImportRunOptions } from '../../src/services/noteImport/importRun';
import { inProcessReader } from '../support/inProcessReader';
import { createReaderHost } from '../../src/services/noteImport/readerHost';
import type { ImageConverter } from '../../src/services/noteImport/prepareNote';
import { createConversionTools } from '../../src/ui/import/conversionTools';

/*
 * The import pipeline in Node (jsdom): the real readers run in-process instead of in their worker,
 * the real conversion with an editor made as the page's, a real EventLog. Only the image encoder is a
 * stand-in (Node has no canvas): it accepts PNG and JPEG bytes and gives a fixed small JPEG.
 */

// jsdom's URL cannot make a file path: the suites run from the repository's root.
const FIXTURES = join(process.cwd(), 'tests/fixtures/import/');
/** When the fixtures were "chosen": their file time, used for notes with no creation time. */
export const FILE_TIME = Date.UTC(2024, 0, 2, 3, 4, 5);

/** A committed fixture as a chosen file (Node's File: the readers stream it). */
export function fixtureFile(name: string, lastModified = FILE_TIME): ImportInput {
  return new NodeFile([readFileSync(FIXTURES + name)], name, { lastModified }) as unknown as ImportInput;
}

/** Bytes or text as a chosen file. */
export function fileOf(name: string, data: Uint8Array | string, lastModified = FILE_TIME): ImportInput {
  return new NodeFile([data], name, { lastModified }) as unknown as ImportInput;
}

/** The JPEG every image becomes here: a valid JPEG start of 16 bytes, base64 "/9j/4AAQSkZJRgABAQAAAQABAAA=". */
const STAND_IN_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

/** The stand-in encoder: PNG and JPEG bytes convert (16 px wide), anything else fails as a browser's decoder would. */
const standInConverter: ImageConverter = async (blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpeg) throw new Error('not an image');
  return { jpeg: STAND_IN_JPEG.slice(), width: 16, height: 16 };
};

let tools: ReturnType<typeof createConversionTools> | null = null;

/** The conversion tools (one editor for the whole test file; DOMPurify loaded). */
export async function conversionTools() {
  await loadPurifier();
  tools ??= createConversionTools();
  return tools;
}

/** A loaded log over `storage` (memory by default). */
export async function openLog(storage: LogStorage = createMemoryLogStorage()): Promise<EventLog> {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/** Import `files` into `log` through the whole pipeline; options override the defaults. */
export async function importFiles(log: EventLog, files: ImportInput[], options: Partial<ImportRunOptions> = {}) {
  const converting = await conversionTools();
  return runImport({
    log,
    reader: inProcessReader(createReaderHost(planImport, standInConverter)),
    files,
    convert: (note, linkTo) => convertNote(note, converting, linkTo),
    now: () => Date.UTC(2026, 10, 25, 12, 0, 0),
    ...options,
  });
}
