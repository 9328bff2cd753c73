// @vitest-environment jsdom
import { BlockNoteEditor } from '@blocknote/core';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyFacts } from '../../src/projections/statisticsText';
import { selectedText } from '../../src/ui/editor/commandSelection';
import { noteLinkContextOf } from '../../src/ui/editor/noteLink/noteLinkContext';
import { selectWholeDocument } from './noteEditorFixture';
import { readBlocks } from '../../src/projections/noteText/blocks';
import { editorText, tidyText } from '../../src/projections/noteText/editorText';
import { htmlText } from '../../src/projections/noteText/html';
import { htmlparser2Tokenizer } from '../../src/projections/noteText/htmlparser';
import { plainText } from '../../src/projections/noteText/plainText';
import { streamText } from '../../src/projections/noteText/textStream';
import { htmlSearchText } from '../../src/ui/sidebar/liveSearchIndex';
import { noteSchema, type NoteEditor } from '../../src/ui/editor/schema';
import { block, text } from './blockBuilders';

/** Documents that cover every block shape the pipeline reads. */
const documents: Record<string, unknown[]> = {
  paragraphs: [
    block('paragraph', [text('Hello '), text('world', { bold: true })]),
    block('paragraph', []),
    block('paragraph', [text('after')]),
  ],
  'soft line break': [block('paragraph', [text('one\ntwo')])],
  lists: [
    block('bulletListItem', [text('a')], { children: [block('numberedListItem', [text('b')]), block('numberedListItem', [text('c')])] }),
    block('checkListItem', [text('done')], { props: { checked: true } }),
  ],
  table: [
    block('table', {
      type: 'tableContent',
      rows: [{ cells: [[text('a  b')], [text('c')]] }, { cells: [{ type: 'tableCell', content: [text('d')] }, [text('e\nf')]] }],
    }),
  ],
  'code and heading': [block('heading', [text('Title')], { props: { level: 2 } }), block('codeBlock', [text('x = 1\ny = 2')])],
  link: [block('paragraph', [{ type: 'link', href: 'https://example.org', content: [text('site')] }, text(' end')])],
  'follow-up': [block('paragraph', [text('plain '), text('check this', { followUp: true })])],
  image: [block('image', undefined, { props: { caption: 'A cat', url: 'data:image/png;base64,AA' } })],
  'links to notes': [
    block('paragraph', [text('See '), { type: 'noteLink', props: { noteId: '1', label: 'Old name' } }, text(' and more')]),
    block('bulletListItem', [{ type: 'noteLink', props: { noteId: '2', label: 'Gone note' } }]),
  ],
};

/** Current titles: note 1 was renamed since the link was written; note 2 is gone. */
const titleOf = (noteId: string) => (noteId === '1' ? 'New name' : undefined);

describe('note text pipeline: reading blocks', () => {
  it.each(Object.entries(documents))('keeps the text of %s and drops every style but the follow-up highlight', (_, blocks) => {
    const nodes = readBlocks(blocks);
    expect(JSON.stringify(nodes)).not.toContain('bold');
    expect(nodes).toHaveLength(blocks.length);
  });

  it('skips values that are not blocks instead of throwing', () => {
    expect(readBlocks([null, 3, 'x', block('paragraph', [text('kept')])]).map((n) => n.type)).toEqual(['paragraph']);
  });
});

describe('note text pipeline: outputs', () => {
  const outputs: Record<string, (blocks: unknown[]) => string> = {
    'plain text': (b) => plainText(readBlocks(b)),
    'stream text': (b) => streamText(b),
    'editor text': (b) => tidyText(editorText(readBlocks(b))),
    'plain text with titles': (b) => plainText(readBlocks(b, titleOf)),
    'editor text with titles': (b) => tidyText(editorText(readBlocks(b, titleOf))),
  };
  const cases: [string, string, string][] = [
    ['plain text', 'lists', '• a\n  1. b\n  2. c\n[x] done'],
    ['plain text', 'table', 'a b\tc\nd\te f'],
    ['plain text', 'image', 'A cat'],
    ['stream text', 'table', 'a  b\nc\nd\ne\nf\n\n'],
    ['stream text', 'lists', 'a\nb\nc\ndone\n'],
    ['stream text', 'image', '\nA cat\n'],
    ['editor text', 'soft line break', 'one two'],
    ['editor text', 'code and heading', 'Title\nx = 1\ny = 2'],
    ['plain text', 'links to notes', 'See Old name and more\n• Gone note'],
    ['plain text with titles', 'links to notes', 'See New name and more\n• Gone note'],
    ['editor text with titles', 'links to notes', 'See New name and more\nGone note'],
    // Search finds a note by its links' current titles (joined at query time), not by the text they were written with.
    ['stream text', 'links to notes', 'See  and more\n\n'],
  ];
  it.each(cases)('%s of the %s document is exact', (output, name, expected) => {
    expect(outputs[output](documents[name])).toBe(expected);
  });
});

describe('note text pipeline: HTML bodies', () => {
  const html =
    '<p>Fish &amp; <b>chi</b>ps</p><ul><li>two<br>three</li></ul><script>secret()</script><p><span class="follow-up">x</span></p>';

  it('reads the same text with htmlparser2 as with the browser parser', () => {
    expect(htmlText(html, htmlparser2Tokenizer)).toBe(htmlSearchText(html));
  });

  it('separates block elements, keeps line breaks as newlines and leaves out hidden text', () => {
    expect(htmlText(html, htmlparser2Tokenizer)).toBe('\nFish & chips\n\n\ntwo\nthree\n\n\nx\n');
  });

  const linked = '<p>See <a href="/?note=1" class="note-link" data-note-id="1">Old name</a> now</p>';

  it('leaves the text of a link to a note out of the search text, with either parser', () => {
    expect(htmlText(linked, htmlparser2Tokenizer)).toBe('\nSee  now\n');
    expect(htmlSearchText(linked)).toBe('\nSee  now\n');
  });

  it('counts a link to a note as the words it was written with, from HTML and from the document alike', () => {
    expect(bodyFacts({ html: linked }).wordCount).toBe(4);
    expect(bodyFacts({ html: 'x', blocks: documents['links to notes'] }).wordCount).toBe(7);
    expect(bodyFacts({ html: 'x', blocks: documents['links to notes'] }).cloudWords.get('gone')).toBe(1);
  });

  it('counts a body whose document a start left unread from its HTML, without reading the document', () => {
    // An unread body: its HTML and the key of its document (docs/architecture.md "Snapshots").
    expect(bodyFacts({ html: linked, docKey: 'doc-1' }).wordCount).toBe(4);
  });
});

describe('note text pipeline: the AI helpers read what the editor reads', () => {
  let editor: NoteEditor | null = null;
  afterEach(() => {
    editor?.unmount();
    editor = null;
  });

  it.each(Object.keys(documents))('whole-note text of %s equals the editor’s own text of the document', (name) => {
    const created = BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });
    editor = created;
    const host = document.createElement('div');
    document.body.append(host);
    created.mount(host);
    created.replaceBlocks(created.document, documents[name] as never);
    const { doc } = created.prosemirrorState;
    const own = tidyText(doc.textBetween(0, doc.content.size, '\n', ' '));
    expect(tidyText(editorText(readBlocks(created.document)))).toBe(name === 'links to notes' ? 'See Old name and more\nGone note' : own);
  });

  it('reads a link to a note as its current title in a selection as in the whole note', () => {
    const created = BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });
    editor = created;
    const host = document.createElement('div');
    document.body.append(host);
    created.mount(host);
    created.replaceBlocks(created.document, documents['links to notes'] as never);
    noteLinkContextOf(created).take({ '1': { title: 'New name', modified: '2026-11-20T10:00:00.000Z' } });
    selectWholeDocument(created);
    const links = noteLinkContextOf(created);
    const whole = tidyText(editorText(readBlocks(created.document, (id) => links.titleOf(id))));
    expect(whole).toBe('See New name and more\nGone note');
    expect(tidyText(selectedText(created))).toBe(whole);
    expect(host.querySelector('a.note-link')?.textContent).toBe('New name');
    expect(host.querySelectorAll('a.note-link.note-link-missing')).toHaveLength(1);
  });
});
