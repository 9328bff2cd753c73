// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { BlobReader, TextWriter, ZipReader, type Entry, type FileEntry } from '@zip.js/zip.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAllNotes } from '../../src/exporters/exportAll';
import { relativeFileLink } from '../../src/exporters/markdownNoteLinks';
import type { MarkdownConverter } from '../../src/exporters/noteMarkdown';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { createMarkdownConverter } from '../../src/ui/exportAll/markdownConverter';
import { block, text } from './blockBuilders';
import { ev } from './helpers';

/*
 * Links between notes in Export all notes (docs/product.md "Export all notes"): each becomes a
 * relative, URL-encoded Markdown link to the linked note's file, written with its current title.
 * Reading such a zip back into links is the importer's (docs/architecture.md "Links between notes").
 */

// jsdom's Blob cannot go through Node's streams, which zip.js writes with; a browser has one Blob.
globalThis.Blob = NodeBlob as unknown as typeof Blob;

let converter: MarkdownConverter;
beforeAll(async () => {
  converter = await createMarkdownConverter();
});

const link = (noteId: string, label: string) => ({ type: 'noteLink', props: { noteId, label } });

describe('the path from one note file to another', () => {
  it.each([
    ['Plan.md', 'To do.md', 'To%20do.md'],
    ['Work/Plan.md', 'Work/Notes (2).md', 'Notes%20%282%29.md'],
    ['Work/Plan.md', 'Home/Garden/Roses & tulips.md', '../Home/Garden/Roses%20%26%20tulips.md'],
    ['Work/Deep/Plan.md', 'Top.md', '../../Top.md'],
    ['Plan.md', 'Work/Ideas #1?.md', 'Work/Ideas%20%231%3F.md'],
    ['A/B/x.md', 'A/C/y.md', '../C/y.md'],
    ['Café.md', 'Ünïcode [x].md', '%C3%9Cn%C3%AFcode%20%5Bx%5D.md'],
  ])('from %s to %s is %s', (from, to, expected) => {
    expect(relativeFileLink(from, to)).toBe(expected);
  });
});

describe('links between notes in Export all notes', () => {
  it('writes each link as a Markdown link to the linked note’s file with its current title; a link to a note not exported stays its text', async () => {
    const [A, B, C, GONE] = ['1763719200000', '1763719260000', '1763719320000', '1763719380000'];
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: A, title: 'Trip (2026)' }),
      ev('note.created', { id: B, title: 'Packing *list*' }),
      ev('note.created', { id: GONE, title: 'Gone' }),
      ev('note.deleted', { id: GONE }),
      ev('note.created', { id: C, title: 'Index' }),
      ev('note.body-saved', {
        id: C,
        html: '<p>data-note-id</p>',
        blocks: [
          block('paragraph', [text('Go to '), link(A, 'Old trip name'), text(', then '), link(B, 'Packing')]),
          block('bulletListItem', [link(GONE, 'Gone note'), text(' and '), link(C, 'itself')]),
          block('table', { type: 'tableContent', rows: [{ cells: [[link(A, 'x')], [text('cell')]] }] }),
        ],
      }),
    ]);
    const { blob } = await exportAllNotes(notes, { converter, yieldToPage: () => Promise.resolve() });
    const reader = new ZipReader(new BlobReader(blob));
    const entries = (await reader.getEntries()).filter((e: Entry): e is FileEntry => !e.directory);
    const index = await entries.find((e) => e.filename === 'Index.md')!.getData(new TextWriter());
    await reader.close();
    expect(entries.map((e) => e.filename)).toEqual(['Index.md', 'Packing -list-.md', 'Trip (2026).md']);
    const body = index.slice(index.indexOf('---\n\n', 4) + 5);
    expect(body.split('\n').slice(0, 4)).toEqual([
      'Go to [Trip (2026)](Trip%20%282026%29.md), then [Packing \\*list\\*](Packing%20-list-.md)',
      '',
      '- Gone note and [Index](Index.md)',
      '',
    ]);
    expect(body).toMatch(/^\| \[Trip \(2026\)\]\(Trip%20%282026%29\.md\) \| cell +\|$/m);
  });
});
