// @vitest-environment jsdom
import { BlockNoteEditor } from '@blocknote/core';
import { describe, expect, it } from 'vitest';
import { BlockHtmlCache } from '../../src/ui/editor/blockHtmlCache';
import { noteLinkContextOf } from '../../src/ui/editor/noteLink/noteLinkContext';
import { noteSchema, type NoteBlock } from '../../src/ui/editor/schema';
import { block, text } from './blockBuilders';

/*
 * A link to a note in NotePad's editor schema (docs/architecture.md "Links between notes"): the
 * HTML `note_{id}` stores, and the HTML an importer or a paste brings, read back as links to notes.
 */

const ID = '1763719200000';
const linked = (label: string) => [block('paragraph', [text('See '), { type: 'noteLink', props: { noteId: ID, label } }, text(' now')])];
const contentOf = (editor: ReturnType<typeof make>, html: string) => editor.tryParseHTMLToBlocks(html)[0].content;
const make = () => BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });

describe('a link to a note in HTML', () => {
  it('is stored as a real link with its note id and the text it was written with, and read back losslessly', () => {
    const editor = make();
    const html = editor.blocksToFullHTML(linked('Plan "B" <draft>') as never);
    expect(html).toContain(
      `See <a href="/?note=${ID}" class="note-link" data-inline-content-type="noteLink" data-note-id="${ID}" data-label="Plan &quot;B&quot; &lt;draft&gt;">Plan "B" &lt;draft&gt;</a> now`,
    );
    expect(contentOf(editor, html)).toEqual([
      { type: 'text', text: 'See ', styles: {} },
      { type: 'noteLink', props: { noteId: ID, label: 'Plan "B" <draft>' } },
      { type: 'text', text: ' now', styles: {} },
    ]);
  });

  it('reads what an importer writes, <a data-note-id>, as a link to a note, and other links as web links', () => {
    const editor = make();
    expect(
      contentOf(
        editor,
        `<p><a href="/?note=${ID}" data-note-id="${ID}" class="note-link">Trip</a> <a href="https://example.org">web</a> <a href="/x" data-note-id="not-an-id">odd</a></p>`,
      ),
    ).toEqual([
      { type: 'noteLink', props: { noteId: ID, label: 'Trip' } },
      { type: 'text', text: ' ', styles: {} },
      { type: 'link', href: 'https://example.org', content: [{ type: 'text', text: 'web', styles: {} }] },
      { type: 'text', text: ' ', styles: {} },
      { type: 'link', href: '/x', content: [{ type: 'text', text: 'odd', styles: {} }] },
    ]);
  });

  it('is joined from per-block HTML byte for byte as BlockNote writes the whole document', () => {
    const editor = make();
    const blocks = [...linked('A'), block('numberedListItem', [{ type: 'noteLink', props: { noteId: ID, label: 'B' } }]), ...linked('C')];
    expect(new BlockHtmlCache(editor).html(blocks as unknown as NoteBlock[])).toBe(editor.blocksToFullHTML(blocks as never));
  });

  it('is written with the note’s current title in the exports of one note, and with the text it was written with in note_{id}', () => {
    const editor = make();
    noteLinkContextOf(editor).take({ [ID]: { title: 'Renamed', modified: '2026-11-20T10:00:00.000Z' } });
    expect(editor.blocksToHTMLLossy(linked('Old') as never)).toContain(
      `<a href="/?note=${ID}" class="note-link" data-note-id="${ID}">Renamed</a>`,
    );
    expect(editor.blocksToMarkdownLossy(linked('Old') as never)).toBe(`See [Renamed](/?note=${ID}) now\n`);
    expect(editor.blocksToFullHTML(linked('Old') as never)).toContain('>Old</a>');
  });
});
