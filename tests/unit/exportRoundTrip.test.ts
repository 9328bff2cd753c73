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
import { organisationSummary } from '../../src/projections/organisation/organisationSummary';
import { attachmentOf, fileOf, importOne, refsIn } from './importers/importerHelpers';
import { fixtureFile, importFiles, openLog } from './importHarness';
import { blockLinkTargets } from '../../src/projections/noteLinks/linkIndex';

/*
 * An export of all notes read back by NotePad's own Markdown reader (src/importers, `planImport`),
 * and its Markdown by BlockNote's parser, as an import does (docs/product.md "Export all notes",
 * "Import notes"): the same titles, text, checklists, images, dates and stars come back.
 */

// jsdom's Blob cannot go through Node's streams, which zip.js writes with; a browser has one Blob.
const jsdomBlob = globalThis.Blob;
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

/** A state's notebooks and tags by the titles of their notes (ids change on a new device only when taken). */
function shapeOf(notes: NotesState) {
  const title = (id: string) => notes.meta[id].title;
  const summary = organisationSummary(notes);
  return {
    notebooks: summary.notebooks.map((entry) => [entry.path, entry.notes.map(title).sort()]),
    tags: summary.tags.map((entry) => [entry.path, entry.notes.map(title).sort()]),
  };
}

const NB = {
  work: 'nb-work-00001',
  plans: 'nb-plans-0001',
  colon: 'nb-colon-0001',
  dash: 'nb-dash-00001',
  assets: 'nb-assets-001',
  empty: 'nb-empty-0001',
  dotted: 'nb-dotted-001',
};

/** A library organised as people do: nested notebooks, names that clash as file names, an empty notebook, nested tags in two cases. */
function organisedLibrary(): NotesState {
  const id = (n: number) => String(1763719200000 + n * 60_000);
  const note = (n: number, title: string, blocks = [block('paragraph', [text(`Body of ${title}`)])]) => [
    ev('note.created', { id: id(n), title }, '2025-11-21T10:00:00.000Z'),
    ev('note.body-saved', { id: id(n), html: '<p>x</p>', blocks }, '2025-11-21T10:00:30.000Z'),
  ];
  return foldNotes(EMPTY_NOTES, [
    ...note(1, 'Launch', [block('paragraph', [text('See the chart')]), block('image', undefined, { props: { url: PNG } })]),
    ...note(2, 'Budget'),
    ...note(3, 'Colon note'),
    ...note(4, 'Dash note'),
    ...note(5, 'Pictures'),
    ...note(6, 'Loose'),
    ...note(7, 'Launch'),
    ev('notebook.created', { notebook: NB.work, name: 'Work', parent: null }),
    ev('notebook.created', { notebook: NB.plans, name: 'Plans', parent: NB.work }),
    // "A:B" and "A-B" are one file name once ":" is replaced; "assets" is the images' folder; "v1." loses its dot.
    ev('notebook.created', { notebook: NB.colon, name: 'A:B', parent: NB.work }),
    ev('notebook.created', { notebook: NB.dash, name: 'A-B', parent: NB.work }),
    ev('notebook.created', { notebook: NB.assets, name: 'assets', parent: null }),
    ev('notebook.created', { notebook: NB.empty, name: 'Someday', parent: NB.work }),
    ev('notebook.created', { notebook: NB.dotted, name: 'v1.', parent: NB.plans }),
    ev('note.filed', { id: id(1), notebook: NB.plans }),
    ev('note.filed', { id: id(2), notebook: NB.dotted }),
    ev('note.filed', { id: id(3), notebook: NB.colon }),
    ev('note.filed', { id: id(4), notebook: NB.dash }),
    ev('note.filed', { id: id(5), notebook: NB.assets }),
    ev('note.tagged', { id: id(1), tag: 'project/alpha' }),
    ev('note.tagged', { id: id(2), tag: 'Project/Alpha' }),
    ev('note.tagged', { id: id(2), tag: 'road trip' }),
    ev('note.tagged', { id: id(6), tag: 'travel' }),
    ev('note.tagged', { id: id(7), tag: 'project' }),
  ]);
}

describe('an export of all notes keeps the shape', () => {
  it('writes notebooks as nested folders, tags in front matter, and names the notebooks whose folders cannot', async () => {
    const notes = organisedLibrary();
    const result = await exportAllNotes(notes, { converter, yieldToPage: () => Promise.resolve() });
    const { ZipReader, BlobReader, TextWriter } = await import('@zip.js/zip.js');
    const reader = new ZipReader(new BlobReader(result.blob));
    const entries = await reader.getEntries();
    const texts = new Map<string, string>();
    for (const entry of entries)
      if (!entry.directory && entry.filename.endsWith('.md')) texts.set(entry.filename, await entry.getData(new TextWriter()));
    await reader.close();
    expect([...texts.keys()].sort()).toEqual(
      [
        'Launch.md',
        'Loose.md',
        'Work/Plans/Launch.md',
        'Work/Plans/v1/Budget.md',
        'Work/A-B/Colon note.md',
        'Work/A-B (2)/Dash note.md',
        'assets (2)/Pictures.md',
      ].sort(),
    );
    expect(entries.filter((e) => e.directory).map((e) => e.filename)).toEqual(['Work/Someday/']);
    // The image sits in assets/ at the root and is linked from two folders down.
    expect(texts.get('Work/Plans/Launch.md')).toMatch(/!\[[^\]]*\]\(\.\.\/\.\.\/assets\/Launch%201\.png\)/);
    expect(texts.get('Work/Plans/Launch.md')).toContain('tags:\n  - project/alpha\n');
    expect(texts.get('Work/Plans/Launch.md')).not.toContain('notebook:');
    expect(texts.get('Work/Plans/v1/Budget.md')).toContain('notebook:\n  - Work\n  - Plans\n  - v1.\n');
    expect(texts.get('Work/Plans/v1/Budget.md')).toContain('tags:\n  - project/alpha\n  - road trip\n');
    expect(texts.get('Work/A-B/Colon note.md')).toContain('notebook:\n  - Work\n  - A:B\n');
    expect(texts.get('Work/A-B (2)/Dash note.md')).toContain('notebook:\n  - Work\n  - A-B\n');
    expect(texts.get('assets (2)/Pictures.md')).toContain('notebook:\n  - assets\n');
  });

  it('gives the same notebooks, nesting, tags and notes when imported into an empty NotePad', async () => {
    const notes = organisedLibrary();
    const result = await exportAllNotes(notes, { converter, yieldToPage: () => Promise.resolve() });
    const zip = fileOf(result.fileName, new Uint8Array(await result.blob.arrayBuffer()));
    const log = await openLog();
    // The import's conversion reads images with jsdom's FileReader, which takes only jsdom's Blob.
    globalThis.Blob = jsdomBlob;
    const outcome = await importFiles(log, [zip]).finally(() => (globalThis.Blob = NodeBlob as unknown as typeof Blob));
    expect(outcome).toMatchObject({ kind: 'imported', imported: 7 });
    if (outcome.kind !== 'imported') return;
    expect(outcome.files[0]).toMatchObject({ app: 'notepad', dropped: [], skipped: [] });
    expect(shapeOf(log.state.notes)).toEqual(shapeOf(notes));
    expect(log.state.notes.order.map((id) => log.state.notes.meta[id].title)).toEqual(notes.order.map((id) => notes.meta[id].title));
    const launch = log.state.notes.order.find(
      (id) => log.state.notes.filed[id] !== undefined && log.state.notes.meta[id].title === 'Launch',
    )!;
    expect(log.state.notes.bodies[launch].html).toContain('data:image/jpeg;base64,');
  });

  it('keeps the links between notes: the notes read back link to each other, not to the notes they were exported from', async () => {
    const log = await openLog();
    globalThis.Blob = jsdomBlob;
    await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]).finally(() => (globalThis.Blob = NodeBlob as unknown as typeof Blob));
    const first = [...log.state.notes.order];
    const result = await exportAllNotes(log.state.notes, { converter, yieldToPage: () => Promise.resolve() });
    const zip = fileOf(result.fileName, new Uint8Array(await result.blob.arrayBuffer()));
    globalThis.Blob = jsdomBlob;
    await importFiles(log, [zip]).finally(() => (globalThis.Blob = NodeBlob as unknown as typeof Blob));
    const second = log.state.notes.order.filter((id) => !first.includes(id));
    expect(second).toHaveLength(first.length);
    const { meta, bodies } = log.state.notes;
    const graph = (ids: string[]) =>
      Object.fromEntries(
        ids.map((id) => [meta[id].title, blockLinkTargets(bodyBlocks(bodies[id]) ?? []).map((target) => meta[target].title)]),
      );
    expect(graph(second)).toEqual(graph(first));
    expect(graph(first)['Start here']).toEqual(['Launch plan', 'Budget', 'Old idea', 'Markdown links']);
    for (const id of second) for (const target of blockLinkTargets(bodyBlocks(bodies[id]) ?? [])) expect(second).toContain(target);
  });
});
