// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { joinParts, splitDocument } from '../../src/projections/changes/documentParts';
import { noteSchema, type NoteBlock } from '../../src/ui/editor/schema';

/**
 * A whole body's HTML split into each top-level block's HTML alone (docs/architecture.md "Saves as
 * changes"): what a chain of changes starts from, checked against BlockNote's own export.
 */

const WRAP_OPEN = '<div class="bn-block-group" data-node-type="blockGroup">';
const WRAP_CLOSE = '</div>';

function exported(blocks: unknown[]) {
  const editor = BlockNoteEditor.create({ schema: noteSchema });
  editor.replaceBlocks(editor.document, blocks as NoteBlock[]);
  const document = editor.document;
  const alone = (block: NoteBlock) => editor.blocksToFullHTML([block]).slice(WRAP_OPEN.length, -WRAP_CLOSE.length);
  return { blocks: document, html: editor.blocksToFullHTML(document), parts: document.map(alone) };
}

const DOCUMENT = [
  { id: 'h1', type: 'heading', content: 'Plans' },
  { id: 'n1', type: 'numberedListItem', content: 'One' },
  { id: 'n2', type: 'numberedListItem', content: 'Two', children: [{ id: 'n2a', type: 'numberedListItem', content: 'Two, first' }] },
  { id: 'p1', type: 'paragraph', content: 'Between the lists.' },
  { id: 'n3', type: 'numberedListItem', props: { start: 5 }, content: 'Five' },
  { id: 'n4', type: 'numberedListItem', content: 'Six' },
  { id: 'b1', type: 'bulletListItem', content: 'A bullet', children: [{ id: 'b1a', type: 'paragraph', content: 'Under it.' }] },
];

describe('splitting a whole body into its blocks', () => {
  it('gives each top-level block’s HTML alone, numbered items numbered as alone, and joins back to the body byte for byte', () => {
    const { blocks, html, parts } = exported(DOCUMENT);
    const split = splitDocument(html, blocks);
    expect(split).toEqual(parts);
    expect(joinParts(blocks, split!)).toBe(html);
  });

  it('refuses HTML that is not the export of those blocks: a block missing, the order changed, a number changed, ids that are not plain', () => {
    const { blocks, html } = exported(DOCUMENT);
    expect(splitDocument(html, blocks.slice(1))).toBeNull();
    expect(splitDocument(html, [blocks[1], blocks[0], ...blocks.slice(2)])).toBeNull();
    expect(splitDocument(html.replace('data-index="6"', 'data-index="7"'), blocks)).toBeNull();
    expect(splitDocument(html, [{ ...blocks[0], id: 'h 1' }, ...blocks.slice(1)])).toBeNull();
    expect(splitDocument(`<p>${html}</p>`, blocks)).toBeNull();
  });

  it('gives no parts for a body without blocks, and none for a document of empty paragraphs saved as HTML', () => {
    expect(splitDocument('', [])).toEqual([]);
    expect(splitDocument('<p>Legacy</p>', [])).toBeNull();
    const { blocks, html } = exported([{ id: 'e1', type: 'paragraph' }]);
    expect(splitDocument(html, blocks)).toBeNull();
  });
});
