// @vitest-environment jsdom
import { BlockNoteEditor } from '@blocknote/core';
import { describe, expect, it } from 'vitest';
import { fixture, importOne, noteTitled } from './importerHelpers';

/** Blocks of a type, flattened with their children, as [text, props]. */
function blocksOf(blocks: any[], type: string): [string, any][] {
  const out: [string, any][] = [];
  const walk = (list: any[]) => {
    for (const block of list) {
      if (block.type === type)
        out.push([(Array.isArray(block.content) ? block.content : []).map((part: any) => part.text ?? '').join(''), block.props]);
      walk(block.children ?? []);
    }
  };
  walk(blocks);
  return out;
}

describe("what readers emit, read by BlockNote's own parsers", () => {
  const editor = BlockNoteEditor.create();

  it('reads the checklists of an ENEX note as checked and unchecked check list items, and its code block', async () => {
    const note = noteTitled((await importOne([fixture('evernote.enex')])).notes, 'Checklists and code');
    const blocks = editor.tryParseHTMLToBlocks(note.body.text);
    expect(blocksOf(blocks, 'checkListItem').map(([text, props]) => [text, props.checked])).toEqual([
      ['Buy milk', true],
      ['Buy eggs', false],
      ['Call Anna', true],
      ['Book flights', false],
      ['Water plants', false],
      ['Pay rent', true],
    ]);
    expect(blocksOf(blocks, 'codeBlock').map(([text]) => text)).toEqual(['function greet(name) {\n  return `Hi ${name}` < 3;\n}']);
    expect(blocksOf(blocks, 'image').map(([, props]) => props.url)).toEqual([expect.stringMatching(/^attachment:/) as string]);
  });

  it("reads a Keep checklist and an Obsidian note's task list", async () => {
    const shopping = noteTitled((await importOne([fixture('keep-takeout.zip')])).notes, 'Shopping');
    expect(
      blocksOf(editor.tryParseHTMLToBlocks(shopping.body.text), 'checkListItem').map(([text, props]) => [text, props.checked]),
    ).toEqual([
      ['Apples', true],
      ['Bread', false],
    ]);
    const welcome = noteTitled((await importOne([fixture('obsidian-vault.zip')])).notes, 'Welcome');
    const blocks = editor.tryParseMarkdownToBlocks(welcome.body.text);
    expect(blocksOf(blocks, 'checkListItem').map(([text, props]) => [text, props.checked])).toEqual([
      ['Done', true],
      ['To do', false],
    ]);
    expect(blocksOf(blocks, 'image').map(([, props]) => props.url)).toEqual([
      expect.stringMatching(/^attachment:1-/) as string,
      expect.stringMatching(/^attachment:2-/) as string,
    ]);
  });
});
