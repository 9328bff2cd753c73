import { expect } from 'vitest';
import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planImport, type ImportedNote, type ImportLimits, type PlannedSource, type ReaderItem } from '../../../src/importers';

// Paths from this file, not URL objects: jsdom's URL is not Node's.
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/import/');

/** A committed fixture as a chosen file. */
export function fixture(name: string, lastModified = Date.UTC(2024, 0, 2, 3, 4, 5)): File {
  return fileOf(name, readFileSync(FIXTURES + name), lastModified);
}

/** Bytes or text as a chosen file. */
export function fileOf(name: string, data: Uint8Array | string, lastModified = Date.UTC(2024, 0, 2, 3, 4, 5)): File {
  // Node's File even under jsdom, whose File has no stream(); a browser's and a worker's have one.
  return new NodeFile([data], name, { lastModified }) as unknown as File;
}

/** Every item a source yields. */
export async function readAll(source: PlannedSource, signal?: AbortSignal): Promise<ReaderItem[]> {
  const items: ReaderItem[] = [];
  for await (const item of source.read(signal)) items.push(item);
  return items;
}

/** Plans files that must make exactly one source, and reads it. */
export async function importOne(files: File[], limits?: Partial<ImportLimits>) {
  const plan = await planImport(files, { limits });
  expect(plan.failures).toEqual([]);
  expect(plan.sources).toHaveLength(1);
  const source = plan.sources[0];
  const items = await readAll(source);
  return { source, items, notes: notesOf(items) };
}

/** The notes among items. */
function notesOf(items: ReaderItem[]): ImportedNote[] {
  return items.flatMap((item) => (item.kind === 'note' ? [item.note] : []));
}

/** The note titled `title` (fails the test when there is none). */
export function noteTitled(notes: ImportedNote[], title: string): ImportedNote {
  const note = notes.find((candidate) => candidate.title === title);
  if (!note) throw new Error(`no note titled ${title}: ${notes.map((n) => n.title).join(', ')}`);
  return note;
}

/** The attachment a body's `attachment:REF` URL names. */
export function attachmentOf(note: ImportedNote, ref: string) {
  return note.attachments.find((attachment) => attachment.ref === ref);
}

/** The refs a body names, in order. */
export function refsIn(text: string): string[] {
  return [...text.matchAll(/attachment:([^"')\s]+)/g)].map((match) => match[1]);
}
