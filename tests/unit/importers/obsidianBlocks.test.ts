import { describe, expect, it } from 'vitest';
import { readObsidianBlocks } from '../../../src/importers/markdown/obsidianBlocks';

describe('Obsidian callouts', () => {
  it('become a quote whose first line is the title in bold, the body lines staying the quote’s (a folded callout too)', () => {
    expect(readObsidianBlocks('> [!tip]- Drag and drop embed\n> Drop a file here.\n> It embeds.')).toBe(
      '> **Drag and drop embed**\n>\n> Drop a file here.\n> It embeds.',
    );
    expect(readObsidianBlocks('> [!example]+ Open by default\n> body')).toBe('> **Open by default**\n>\n> body');
  });

  it('without a title are titled by their type with a capital first letter, GitHub’s upper-case alerts too', () => {
    expect(readObsidianBlocks('> [!warning]\n> Careful.')).toBe('> **Warning**\n>\n> Careful.');
    expect(readObsidianBlocks('> [!NOTE]\n> Read me.')).toBe('> **Note**\n>\n> Read me.');
    expect(readObsidianBlocks('>[!faq]-')).toBe('>**Faq**\n>');
  });

  it('nested in a callout keep their depth', () => {
    expect(readObsidianBlocks('> [!question] Outer\n> outer body\n> > [!todo]\n> > inner body')).toBe(
      '> **Outer**\n>\n> outer body\n> > **Todo**\n> >\n> > inner body',
    );
  });

  it('are left as written inside fenced code, and a quote that is not a callout stays as it is', () => {
    const code = '```md\n> [!tip] Not here\nline ^abc123\n```';
    expect(readObsidianBlocks(code)).toBe(code);
    expect(readObsidianBlocks('> Just a quote [!tip]\n> more')).toBe('> Just a quote [!tip]\n> more');
    expect(readObsidianBlocks('[!tip] not in a quote')).toBe('[!tip] not in a quote');
  });

  it('with Windows line ends are read too', () => {
    expect(readObsidianBlocks('> [!info] Title\r\n> body\r\n')).toBe('> **Title**\n>\n> body\r\n');
  });
});

describe('Obsidian block ids', () => {
  it('at the end of a paragraph are removed, the text kept', () => {
    expect(readObsidianBlocks('Embeds show the block. ^b15695\n\nNext.')).toBe('Embeds show the block.\n\nNext.');
    expect(readObsidianBlocks('- an item ^item-1')).toBe('- an item');
  });

  it('alone on a line after a list, a table or in a quote are removed with their line', () => {
    expect(readObsidianBlocks('- a\n- b\n^list-id\n\nNext')).toBe('- a\n- b\n\nNext');
    expect(readObsidianBlocks('| a | b |\n|---|---|\n| 1 | 2 |\n^table-id\n')).toBe('| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(readObsidianBlocks('> quoted\n> ^quote-id')).toBe('> quoted');
  });

  it('are only a caret word at a line’s end after a space: powers, carets inside text and embeds of blocks stay', () => {
    for (const text of ['x^2', '2^10 is 1024', 'a ^ b', 'caret ^in the middle', 'See ![[Internal links#^b15695]]', '[[Note#^abc]]'])
      expect(readObsidianBlocks(text)).toBe(text);
  });
});
