// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { BlockNoteEditor } from '@blocknote/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAllNotes } from '../../src/exporters/exportAll';
import type { MarkdownConverter } from '../../src/exporters/noteMarkdown';
import { foldNotes } from '../../src/projections/foldNotes';
import { bodyBlocks, EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { documentText, type TextBlock } from '../../src/services/exporters';
import { noteSchema } from '../../src/ui/editor/schema';
import { createMarkdownConverter } from '../../src/ui/exportAll/markdownConverter';
import { block, text } from './blockBuilders';
import { ev } from './helpers';
import { attachmentOf, fileOf, importOne, refsIn } from './importers/importerHelpers';

/*
 * An export of all notes read back by NotePad's own Markdown reader (src/importers, `planImport`),
 * and its Markdown by BlockNote's parser, as an import does (docs/product.md "Export all notes",
 * "Import notes"): the same titles, text, checklists, images, dates and stars come back.
 */

// jsdom's Blob cannot go through Node's streams, which zip.js writes with; a browser has one Blob.
globalThis.Blob = NodeBlob as unknown as typeof Blob;

let converter: MarkdownConverter;
const parser = BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });
beforeAll(async () => {
  converter = await createMarkdownConverter();
});

const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP8=';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const bytesOf = (dataUrl: string) => new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));

const TRIP = '1763719200000';
const COPY = '1763719260000';
const LEGACY = '1763719320000';
const ODD = '1763719380000';
const GONE = '1763719440000';

const tripBlocks = [
  block('heading', [text('Plan')], { props: { level: 2 } }),
  block('paragraph', [
    text('Costs: 5 * 3 = 15, see [draft] and '),
    text('bold', { bold: true }),
    text(' '),
    text('code_x', { code: true }),
  ]),
  block('paragraph', [text('# not a heading, 1. not a list, - not a bullet, _edge_ and snake_case')]),
  block('checkListItem', [text('passport')], {
    props: { checked: true },
    children: [block('checkListItem', [text('visa')], { props: { checked: false } })],
  }),
  block('checkListItem', [text('tickets')], { props: { checked: false } }),
  block('numberedListItem', [text('fly')]),
  block('numberedListItem', [text('walk')]),
  block('table', {
    type: 'tableContent',
    headerRows: 1,
    rows: [{ cells: [[text('Day')], [text('City')]] }, { cells: [[text('1')], [text('Rome | Ostia')]] }],
  }),
  block('codeBlock', [text('- [ ] not a task\nconst a = 1 * 2;')], { props: { language: 'ts' } }),
  block('image', undefined, { props: { url: JPEG, name: 'colosseum.jpg' } }),
];
const copyBlocks = [
  block('paragraph', [text('Same photo, and a dot:')]),
  block('image', undefined, { props: { url: JPEG } }),
  block('image', undefined, { props: { url: PNG } }),
];

function library(): NotesState {
  return foldNotes(EMPTY_NOTES, [
    ev('note.created', { id: TRIP, title: 'Trip (Rome)' }, '2025-11-21T10:00:00.000Z'),
    ev('note.body-saved', { id: TRIP, html: '<p>x</p>', blocks: tripBlocks }, '2025-11-23T08:00:00.000Z'),
    ev('note.starred', { id: TRIP }, '2025-11-23T08:01:00.000Z'),
    ev('note.created', { id: COPY, title: 'trip (rome)' }, '2025-11-21T10:01:00.000Z'),
    ev('note.body-saved', { id: COPY, html: '<p>x</p>', blocks: copyBlocks }, '2025-11-21T10:02:00.000Z'),
    ev(
      'note.imported',
      {
        id: LEGACY,
        title: 'Old list',
        modified: '2020-01-02T03:04:05.000Z',
        html: '<p>From the <b>old</b> app</p><ul><li><input type="checkbox" checked>done</li><li><input type="checkbox">open</li></ul>',
        starred: false,
        source: 'legacy',
      },
      '2025-11-21T10:03:00.000Z',
    ),
    ev('note.created', { id: ODD, title: 'a/b: c? <d>' }, '2025-11-21T10:04:00.000Z'),
    ev('note.created', { id: GONE, title: 'Deleted' }, '2025-11-21T10:05:00.000Z'),
    ev('note.deleted', { id: GONE }, '2025-11-21T10:06:00.000Z'),
  ]);
}

/** The note's text as NotePad's plain-text export writes it: one line per block, "[x] " / "[ ] " checkboxes, cells by tabs. */
const textOf = (blocks: unknown[]) => documentText(blocks as TextBlock[]);

describe('an export of all notes, imported again', () => {
  it('gives back the same titles, text, checklists, images, dates and stars', async () => {
    const notes = library();
    const result = await exportAllNotes(notes, { converter, yieldToPage: () => Promise.resolve() });
    const bytes = new Uint8Array(await result.blob.arrayBuffer());
    const { notes: imported, items } = await importOne([fileOf(result.fileName, bytes)]);
    expect(items.filter((item) => item.kind !== 'note')).toEqual([]);

    // Every note but the deleted one, with its title, dates and star.
    expect(imported.map((n) => n.title).sort()).toEqual(['Old list', 'Trip (Rome)', 'a/b: c? <d>', 'trip (rome)'].sort());
    for (const note of imported) {
      const id = { 'Trip (Rome)': TRIP, 'trip (rome)': COPY, 'Old list': LEGACY, 'a/b: c? <d>': ODD }[note.title]!;
      expect(note.createdAt, note.title).toBe(Number(id));
      expect(note.modifiedAt, note.title).toBe(Date.parse(notes.meta[id].modified));
      expect(note.starred, note.title).toBe(notes.starred.includes(id));
      expect(note.body.format).toBe('markdown');
    }
    const byTitle = (title: string) => imported.find((n) => n.title === title)!;

    // The text, checklists, lists, table and code as BlockNote reads the Markdown back.
    const trip = byTitle('Trip (Rome)');
    const tripBack = parser.tryParseMarkdownToBlocks(trip.body.text);
    expect(textOf(tripBack)).toBe(textOf(bodyBlocks(notes.bodies[TRIP])!));
    const checks = tripBack.filter((b) => b.type === 'checkListItem');
    expect(
      checks.map((b) => [(b.props as { checked: boolean }).checked, b.children.map((c) => (c.props as { checked: boolean }).checked)]),
    ).toEqual([
      [true, [false]],
      [false, []],
    ]);
    expect(tripBack.find((b) => b.type === 'codeBlock')?.props).toMatchObject({ language: 'ts' });

    // Images: the same bytes, written once in the zip but attached to each note that shows them.
    const [colosseum] = refsIn(trip.body.text);
    expect(attachmentOf(trip, colosseum)).toMatchObject({ mime: 'image/jpeg', data: bytesOf(JPEG) });
    expect(tripBack.find((b) => b.type === 'image')?.props).toMatchObject({ name: 'colosseum.jpg', url: `attachment:${colosseum}` });
    const copy = byTitle('trip (rome)');
    const [same, dot] = refsIn(copy.body.text);
    expect(attachmentOf(copy, same)).toMatchObject({ mime: 'image/jpeg', data: bytesOf(JPEG) });
    expect(attachmentOf(copy, dot)).toMatchObject({ mime: 'image/png', data: bytesOf(PNG) });
    expect(textOf(parser.tryParseMarkdownToBlocks(copy.body.text))).toBe(textOf(copyBlocks));

    // A note that had only HTML, and an empty note.
    expect(textOf(parser.tryParseMarkdownToBlocks(byTitle('Old list').body.text))).toBe('From the old app\n[x] done\n[ ] open');
    expect(byTitle('a/b: c? <d>').body.text.trim()).toBe('');
  });
});
