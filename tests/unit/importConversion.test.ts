// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bodyBlocks } from '../../src/projections/notesState';
import { convertNote } from '../../src/services/noteImport/convertNote';
import type { PreparedNote } from '../../src/services/noteImport/readerProtocol';
import { captureBody, showBody } from '../../src/ui/editor/noteDocument';
import { enexFile, JPEG, PDF } from '../fixtures/import/samples';
import { editorWith } from './noteEditorFixture';
import { FILE_TIME, conversionTools, fileOf, fixtureFile, importFiles, openLog } from './importHarness';

/*
 * What an imported note becomes (docs/product.md "Import notes"), through the whole pipeline with the
 * real readers: blocks made by the editor's own parser, images as JPEG data, the HTML a save would store.
 */

type Block = { type: string; props: Record<string, unknown>; content: unknown; children: Block[] };

/** The text of a block's inline content. */
const textOf = (block: Block) =>
  Array.isArray(block.content) ? (block.content as { text?: string }[]).map((c) => c.text ?? '').join('') : '';

/** The imported note titled `title`: its id, meta and blocks. */
function noteTitled(log: Awaited<ReturnType<typeof openLog>>, title: string) {
  const { notes } = log.state;
  const id = notes.order.find((candidate) => notes.meta[candidate].title === title);
  if (!id) throw new Error(`no note titled ${title}`);
  return { id, meta: notes.meta[id], html: notes.bodies[id].html, blocks: bodyBlocks(notes.bodies[id]) as Block[] };
}

const JPEG_DATA_URL = /^data:image\/jpeg;base64,\/9j\//;

describe('converting imported notes', () => {
  it('keeps Evernote checklists checked and unchecked, code, images as JPEG blocks, tags, dates, and lists the PDF it leaves out', async () => {
    const log = await openLog();
    const outcome = await importFiles(log, [fixtureFile('evernote.enex')]);
    const note = noteTitled(log, 'Checklists and code');
    const checks = note.blocks.filter((b) => b.type === 'checkListItem').map((b) => [textOf(b), b.props.checked]);
    expect(checks).toEqual([
      ['Buy milk', true],
      ['Buy eggs', false],
      ['Call Anna', true],
      ['Book flights', false],
      ['Water plants', false],
      ['Pay rent', true],
    ]);
    expect(textOf(note.blocks.find((b) => b.type === 'codeBlock')!)).toBe('function greet(name) {\n  return `Hi ${name}` < 3;\n}');
    const image = note.blocks.find((b) => b.type === 'image')!;
    expect(image.props.url).toMatch(JPEG_DATA_URL);
    expect(image.props.previewWidth).toBe(16);
    // The PDF's name stays as text where it was; the file itself is listed as left out.
    expect(note.blocks.some((b) => textOf(b) === 'receipt.pdf')).toBe(true);
    // Tags are the note's tags and the file its notebook: no "Tags:" line is written into the text.
    expect(note.blocks.some((b) => textOf(b).startsWith('Tags:'))).toBe(false);
    expect(log.state.notes.tagged[note.id]).toEqual(['lists', 'work']);
    expect(log.state.notes.notebooks[log.state.notes.filed[note.id]]).toEqual({ name: 'evernote', parent: null });
    expect(note.id).toBe(String(Date.UTC(2023, 0, 5, 10, 20)));
    expect(note.meta.modified).toBe('2023-01-06T08:09:10.000Z');
    expect(outcome).toMatchObject({ kind: 'imported', imported: 4 });
    if (outcome.kind !== 'imported') return;
    expect(outcome.files[0].dropped).toContainEqual({ note: 'Checklists and code', item: 'receipt.pdf', reason: 'only images are kept' });
    expect(outcome.files[0].skipped).toEqual([{ item: 'Damaged note', reason: expect.stringContaining('damaged in the export') }]);
  });

  it('turns Markdown into blocks with BlockNote’s own converter: headings, checklists, quotes, front matter’s star and tags', async () => {
    const log = await openLog();
    await importFiles(log, [fixtureFile('note.md')]);
    const note = noteTitled(log, 'Weekly review');
    expect(note.blocks.map((b) => b.type)).toEqual(['heading', 'bulletListItem', 'checkListItem', 'paragraph', 'quote']);
    expect(note.blocks[2]).toMatchObject({ props: { checked: true } });
    expect(textOf(note.blocks[2])).toBe('Wrote tests');
    // The image the export lacks keeps its alt text where it was (and is listed as left out).
    expect(textOf(note.blocks[3])).toBe('Chart');
    expect(log.state.notes.tagged[note.id]).toEqual(['review', 'work']);
    expect(log.state.notes.starred).toEqual([note.id]);
    expect(note.meta.modified).toBe('2023-04-02T10:30:00.000Z');
  });

  it('makes a text file one paragraph per line, dated by the file when the text has no date', async () => {
    const log = await openLog();
    await importFiles(log, [fixtureFile('note.txt')]);
    const note = noteTitled(log, 'note');
    expect(note.blocks.map((b) => [b.type, textOf(b)])).toEqual([
      ['paragraph', 'Groceries'],
      ['paragraph', 'milk'],
      ['paragraph', ''],
      ['paragraph', 'eggs'],
    ]);
    const spaced = await openLog();
    await importFiles(spaced, [fileOf('spaced.txt', '  indented  line\n\tTab')]);
    expect(noteTitled(spaced, 'spaced').blocks.map(textOf)).toEqual(['  indented  line', '\tTab']);
    expect(note.id).toBe(String(FILE_TIME));
    expect(note.meta.modified).toBe(new Date(FILE_TIME).toISOString());
  });

  it('keeps tables, and an image inside a line of text as an image block after that line', async () => {
    const page =
      '<html><head><title>Table page</title></head><body><h1>Table page</h1><table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr></table>' +
      `<p>Look: <img src="data:image/jpeg;base64,${btoa(String.fromCharCode(...JPEG))}" alt="cup"> nice</p></body></html>`;
    const log = await openLog();
    await importFiles(log, [fileOf('table.html', page)]);
    const note = noteTitled(log, 'Table page');
    const table = note.blocks.find((b) => b.type === 'table') as unknown as {
      content: { rows: { cells: { content: { text: string }[] }[] }[] };
    };
    expect(table.content.rows.map((row) => row.cells.map((cell) => cell.content.map((c) => c.text).join('')))).toEqual([
      ['Item', 'Price'],
      ['Tea', '3'],
    ]);
    const at = note.blocks.findIndex((b) => b.type === 'image');
    expect(textOf(note.blocks[at - 1])).toBe('Look:  nice');
    expect(note.blocks[at].props).toMatchObject({ name: 'cup', previewWidth: 16 });
    expect(note.blocks[at].props.url).toMatch(JPEG_DATA_URL);
  });

  it('stores the HTML a save of the reopened note would store', async () => {
    const log = await openLog();
    await importFiles(
      log,
      ['evernote.enex', 'note.md', 'note.txt', 'keep-takeout.zip', 'obsidian-vault.zip'].map((name) => fixtureFile(name)),
    );
    const editor = editorWith([]);
    for (const id of log.state.notes.order) {
      const body = log.state.notes.bodies[id];
      expect(showBody(editor, body)).toBe(true);
      expect(captureBody(editor).html, log.state.notes.meta[id].title).toBe(body.html);
    }
  });

  it('gives notes with the same creation time ids a millisecond apart, past the notes already there', async () => {
    const log = await openLog();
    await log.append('note.created', { id: String(FILE_TIME), title: 'Mine' });
    await importFiles(log, [fileOf('a.txt', 'first'), fileOf('b.txt', 'second')]);
    const { meta } = log.state.notes;
    expect(meta[String(FILE_TIME)].title).toBe('Mine');
    expect([meta[String(FILE_TIME + 1)]?.title, meta[String(FILE_TIME + 2)]?.title].sort()).toEqual(['a', 'b']);
  });

  it('names an untitled note "Untitled Note", keeps a note of nothing empty, and lists a file that is not an image', async () => {
    const tools = await conversionTools();
    const note: PreparedNote = {
      title: '  ',
      body: { format: 'html', text: '<p><a href="attachment:a1">report.pdf</a></p>' },
      createdAt: null,
      modifiedAt: null,
      tags: [],
      notebook: [],
      starred: false,
      attachments: [{ ref: 'a1', name: 'report.pdf', kind: 'dropped', reason: 'only images are kept' }],
      source: { app: 'html', file: 'x.html' },
      dropped: [],
    };
    const converted = await convertNote(note, tools);
    expect(converted.title).toBe('Untitled Note');
    expect(converted.dropped).toEqual([{ item: 'report.pdf', reason: 'only images are kept' }]);
    expect(converted.html).toContain('report.pdf');
    const empty = await convertNote({ ...note, body: { format: 'text', text: '' }, attachments: [] }, tools);
    expect(empty.html).toBe('');
  });

  it('imports an Evernote note whose images are damaged without them, listing each', async () => {
    const enex = enexFile([
      {
        title: 'Broken pictures',
        created: '20240101T000000Z',
        enml: '<div>Before</div><en-media hash="00" type="image/png"/>',
        resources: [
          { data: new TextEncoder().encode('not a png at all'), mime: 'image/png', fileName: 'fake.png' },
          { data: PDF, mime: 'application/pdf', fileName: 'doc.pdf' },
        ],
      },
    ]);
    const log = await openLog();
    const outcome = await importFiles(log, [fileOf('pictures.enex', enex)]);
    expect(noteTitled(log, 'Broken pictures').blocks.some((b) => textOf(b) === 'Before')).toBe(true);
    if (outcome.kind !== 'imported') throw new Error(outcome.kind);
    expect(outcome.files[0].dropped).toEqual(
      expect.arrayContaining([
        { note: 'Broken pictures', item: 'fake.png', reason: 'the image could not be read (image/png)' },
        { note: 'Broken pictures', item: 'doc.pdf', reason: 'only images are kept' },
      ]),
    );
  });
});
