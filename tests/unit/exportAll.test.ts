// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { BlobReader, TextWriter, Uint8ArrayWriter, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportAllNotes, NoteExportError, NothingToExportError, type ExportAllOptions } from '../../src/exporters/exportAll';
import type { MarkdownConverter } from '../../src/exporters/noteMarkdown';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { createMarkdownConverter } from '../../src/ui/exportAll/markdownConverter';
import { block, text } from './blockBuilders';
import { ev } from './helpers';

/*
 * Export all notes end to end in Node (docs/product.md "Export all notes"): notes folded from real
 * events, written into a zip, and the zip read back with zip.js.
 */

// jsdom's Blob cannot go through Node's streams, which zip.js writes with; a browser has one Blob.
globalThis.Blob = NodeBlob as unknown as typeof Blob;

let converter: MarkdownConverter;
beforeAll(async () => {
  converter = await createMarkdownConverter();
});

const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP8=';
const A = '1763719200000'; // 2025-11-21T10:00:00.000Z
const B = '1763719260000';
const C = '1763719320000';
const D = '1763719380000';

/** Entries of the zip `blob` by name, with each text or bytes. */
async function unzip(blob: Blob) {
  const reader = new ZipReader(new BlobReader(blob));
  const entries = (await reader.getEntries()).filter((e: Entry): e is FileEntry => !e.directory);
  const files = new Map<string, { entry: FileEntry; text: () => Promise<string>; bytes: () => Promise<Uint8Array> }>();
  for (const entry of entries)
    files.set(entry.filename, { entry, text: () => entry.getData(new TextWriter()), bytes: () => entry.getData(new Uint8ArrayWriter()) });
  return { files, names: entries.map((e) => e.filename), close: () => reader.close() };
}

/** A file's front matter (parsed) and body. */
function split(file: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n(?:\n([\s\S]*))?$/.exec(file);
  if (!match) throw new Error(`no front matter in ${file}`);
  return { meta: parse(match[1]) as Record<string, unknown>, body: match[2] ?? '' };
}

function library(): NotesState {
  return foldNotes(EMPTY_NOTES, [
    ev('note.created', { id: A, title: 'Shopping' }, '2025-11-21T10:00:00.000Z'),
    ev(
      'note.body-saved',
      {
        id: A,
        html: '<p>ignored when blocks are saved</p>',
        blocks: [block('checkListItem', [text('milk')], { props: { checked: true } }), block('image', undefined, { props: { url: JPEG } })],
      },
      '2025-11-22T09:00:00.000Z',
    ),
    ev('note.created', { id: B, title: 'shopping' }, '2025-11-21T10:01:00.000Z'),
    ev(
      'note.body-saved',
      { id: B, html: '<p>second</p>', blocks: [block('image', undefined, { props: { url: JPEG } })] },
      '2025-11-21T10:02:00.000Z',
    ),
    ev('note.starred', { id: B }, '2025-11-21T10:03:00.000Z'),
    ev('note.created', { id: C, title: 'Gone' }, '2025-11-21T10:04:00.000Z'),
    ev('note.deleted', { id: C }, '2025-11-21T10:05:00.000Z'),
    ev(
      'note.imported',
      {
        id: D,
        title: 'CON',
        modified: '2020-01-02T03:04:05.000Z',
        html: '<p>Old <b>legacy</b></p><ul><li><input type="checkbox">todo</li></ul>',
        starred: false,
        source: 'legacy',
      },
      '2025-11-21T10:06:00.000Z',
    ),
  ]);
}

const run = (notes: NotesState, options: Partial<ExportAllOptions> = {}) =>
  exportAllNotes(notes, { converter, yieldToPage: () => Promise.resolve(), now: new Date(2026, 10, 25), ...options });

describe('export all notes', () => {
  it('writes one Markdown file per note, named after its title, with front matter, and the images in assets/', async () => {
    const notes = library();
    const progress: [number, number][] = [];
    const result = await run(notes, { onProgress: (done, total) => progress.push([done, total]) });
    expect(result).toMatchObject({ fileName: 'notepad-notes-2026-11-25.zip', notes: 3, images: 1 });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);

    // New notes go to the top of the manual order, so "shopping" comes first and keeps the plain name.
    expect(notes.order).toEqual([B, A, D]);
    const zip = await unzip(result.blob);
    expect(zip.names).toEqual(['shopping.md', 'assets/shopping 1.jpg', 'Shopping (2).md', 'CON_.md']);

    const shopping = split(await zip.files.get('Shopping (2).md')!.text());
    expect(shopping.meta).toEqual({
      title: 'Shopping',
      id: A,
      created: '2025-11-21T10:00:00.000Z',
      modified: '2025-11-22T09:00:00.000Z',
      starred: false,
      order: 2,
    });
    expect(shopping.body).toBe('- [x] milk\n\n![](assets/shopping%201.jpg)\n');

    const first = split(await zip.files.get('shopping.md')!.text());
    expect(first.meta).toMatchObject({ title: 'shopping', id: B, starred: true, order: 1 });
    expect(first.body).toBe('![](assets/shopping%201.jpg)\n');

    const legacy = split(await zip.files.get('CON_.md')!.text());
    expect(legacy.meta).toMatchObject({ title: 'CON', id: D, modified: '2020-01-02T03:04:05.000Z', order: 3 });
    expect(legacy.body).toBe('Old **legacy**\n\n- [ ] todo\n');

    const image = await zip.files.get('assets/shopping 1.jpg')!.bytes();
    expect(Buffer.from(image).toString('base64')).toBe(JPEG.slice(JPEG.indexOf(',') + 1));
    await zip.close();
  });

  it('leaves deleted notes out', async () => {
    const zip = await unzip((await run(library())).blob);
    const titles = await Promise.all(
      zip.names.filter((n) => n.endsWith('.md')).map(async (n) => split(await zip.files.get(n)!.text()).meta.title),
    );
    expect(titles).not.toContain('Gone');
    expect(titles).toHaveLength(3);
  });

  it('deflates the Markdown, stores the JPEG as it is, and dates each note file by its last change', async () => {
    const zip = await unzip((await run(library())).blob);
    const md = zip.files.get('Shopping (2).md')!.entry;
    const jpeg = zip.files.get('assets/shopping 1.jpg')!.entry;
    expect(md.compressionMethod).toBe(8);
    expect(jpeg.compressionMethod).toBe(0);
    expect(md.lastModDate.getTime()).toBe(Date.parse('2025-11-22T09:00:00.000Z'));
    expect(zip.files.get('CON_.md')!.entry.lastModDate.getTime()).toBe(Date.parse('2020-01-02T03:04:05.000Z'));
  });

  it('refuses an empty library: nothing to download', async () => {
    await expect(run(EMPTY_NOTES)).rejects.toBeInstanceOf(NothingToExportError);
    const onlyDeleted = foldNotes(EMPTY_NOTES, [ev('note.created', { id: A, title: 'x' }), ev('note.deleted', { id: A })]);
    await expect(run(onlyDeleted)).rejects.toBeInstanceOf(NothingToExportError);
  });

  it('stops when cancelled, between notes, and gives no zip', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const promise = run(library(), {
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done);
        if (done === 1) controller.abort(new DOMException('Export cancelled', 'AbortError'));
      },
    });
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([1]);
  });

  it('works in slices: it lets the page run whenever a slice has used its time', async () => {
    let yields = 0;
    await run(library(), { sliceMs: 0, yieldToPage: () => Promise.resolve(void (yields += 1)) });
    expect(yields).toBeGreaterThanOrEqual(4);
    yields = 0;
    await run(library(), { sliceMs: 60_000, yieldToPage: () => Promise.resolve(void (yields += 1)) });
    // Only before the first slice, which starts in a task of its own.
    expect(yields).toBe(1);
  });

  it('names the note BlockNote cannot write, and gives no zip', async () => {
    const broken: MarkdownConverter = {
      ...converter,
      blocksToMarkdown: () => {
        throw new Error('bad block');
      },
    };
    await expect(run(library(), { converter: broken })).rejects.toThrow(NoteExportError);
    await expect(run(library(), { converter: broken })).rejects.toThrow(
      /^“(Shopping|shopping|CON)” could not be written as Markdown \(bad block\)\.$/,
    );
  });

  it('never changes the notes it exports', async () => {
    const notes = library();
    const before = structuredClone(notes);
    await run(notes);
    expect(notes).toEqual(before);
  });

  it('asks for the notes’ documents 100 notes at a time and writes the bodies it is given', async () => {
    const events = Array.from({ length: 150 }, (_, i) => ev('note.created', { id: String(1763719400000 + i), title: `Note ${i}` }));
    const notes = foldNotes(EMPTY_NOTES, events);
    const asked: number[] = [];
    const readBodies = (ids: readonly string[]) => {
      asked.push(ids.length);
      return Promise.resolve(new Map(ids.map((id) => [id, { html: `<p>Read ${notes.meta[id].title}</p>` }])));
    };
    const result = await run(notes, { readBodies });
    expect(asked).toEqual([100, 50]);
    const zip = await unzip(result.blob);
    expect(split(await zip.files.get('Note 149.md')!.text()).body).toBe('Read Note 149\n');
    await zip.close();
  });
});
