// @vitest-environment jsdom
import { BlockNoteEditor } from '@blocknote/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { liftInlineImages } from '../../src/exporters/htmlImages';
import { dashListMarkers } from '../../src/exporters/markdownFixups';
import { escapeBlocksForMarkdown, escapeMarkdownText, type ExportBlock } from '../../src/exporters/markdownEscapes';
import { AssetCollector, assetLink } from '../../src/exporters/noteAssets';
import { exportChunks, noteMarkdown, type MarkdownConverter } from '../../src/exporters/noteMarkdown';
import type { NoteBody } from '../../src/projections/notesState';
import { noteSchema } from '../../src/ui/editor/schema';
import { createMarkdownConverter } from '../../src/ui/exportAll/markdownConverter';
import { block, text } from './blockBuilders';

/*
 * The Markdown of one note (docs/architecture.md "Export all notes"): each step, and the whole
 * pipeline against BlockNote's own parser, which NotePad's importer reads Markdown with.
 */

let converter: MarkdownConverter;
const parser = BlockNoteEditor.create({ schema: noteSchema, tables: { headers: true } });
beforeAll(async () => {
  converter = await createMarkdownConverter();
});

const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP8=';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function markdownOf(blocks: unknown[] | null, html = '', assets = new AssetCollector(), stem = 'Note') {
  const body: NoteBody = blocks ? { html, blocks } : { html };
  return noteMarkdown({ body, stem, converter, assets, pause: () => undefined });
}

/** The text of each block BlockNote's Markdown parser reads from `markdown`, with its type. */
function readBack(markdown: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (blocks: { type: string; content?: unknown; children?: unknown[] }[]) => {
    for (const b of blocks) {
      const inline = Array.isArray(b.content) ? (b.content as { text?: string; content?: { text: string }[] }[]) : [];
      out.push([b.type, inline.map((c) => c.text ?? (c.content ?? []).map((x) => x.text).join('')).join('')]);
      walk((b.children ?? []) as never);
    }
  };
  walk(parser.tryParseMarkdownToBlocks(markdown));
  return out;
}

describe('Markdown of a note', () => {
  it('writes checklists as "- [ ]" and "- [x]", bullets as "- ", nested items indented', async () => {
    const { markdown } = await markdownOf([
      block('checkListItem', [text('open')], {
        props: { checked: false },
        children: [block('checkListItem', [text('done')], { props: { checked: true } })],
      }),
      block('bulletListItem', [text('bullet')]),
      block('numberedListItem', [text('first')]),
      block('numberedListItem', [text('second')]),
    ]);
    expect(markdown).toContain('- [ ] open\n  - [x] done\n');
    expect(markdown).toContain('- bullet\n');
    expect(markdown).toContain('1. first\n2. second\n');
    expect(markdown).not.toMatch(/^\s*\* /m);
    const checks = parser.tryParseMarkdownToBlocks(markdown).filter((b) => b.type === 'checkListItem');
    expect(checks.map((b) => (b.props as { checked: boolean }).checked)).toEqual([false]);
    expect((checks[0].children[0].props as { checked: boolean }).checked).toBe(true);
  });

  it('writes a table as a pipe table with its header row, and a "|" in a cell escaped once', async () => {
    const table = block('table', {
      type: 'tableContent',
      headerRows: 1,
      rows: [{ cells: [[text('Name')], [text('Qty')]] }, { cells: [[text('a | b')], [text('2')]] }],
    });
    const { markdown } = await markdownOf([table]);
    expect(markdown).toMatch(/^\| Name +\| Qty +\|\n\| -+ \| -+ \|\n\| a \\\| b +\| 2 +\|\n$/);
    const [read] = parser.tryParseMarkdownToBlocks(markdown);
    const rows = (read.content as { rows: { cells: { content: { text: string }[] }[] }[] }).rows;
    expect(rows.map((r) => r.cells.map((c) => c.content.map((t) => t.text).join('')))).toEqual([
      ['Name', 'Qty'],
      ['a | b', '2'],
    ]);
  });

  it('writes code blocks fenced with their language and their text untouched, list-like lines included', async () => {
    const code = 'const a = 1 * 2;\n* [ ] not a task\n- [x] nor this\n  * nor this';
    const { markdown } = await markdownOf([
      block('codeBlock', [text(code)], { props: { language: 'ts' } }),
      block('bulletListItem', [text('after')]),
    ]);
    expect(markdown).toBe(`\`\`\`ts\n${code}\n\`\`\`\n\n- after\n`);
  });

  it('escapes text that Markdown would read as formatting, and it reads back as the same text', async () => {
    const lines = [
      '5 * 3 = 15 and a*b*c',
      '[draft] and ![not an image](x)',
      '_edge_ but snake_case stays',
      'back\\slash and `tick` and ~tilde~',
      '# not a heading',
      '1. not a list',
      '2) nor this',
      '- not a bullet',
      '+ nor this',
      '> not a quote',
      '* not a star bullet',
      '- [ ] not a task',
    ];
    const { markdown } = await markdownOf(lines.map((line) => block('paragraph', [text(line)])));
    expect(markdown).toContain('snake_case');
    expect(readBack(markdown)).toEqual(lines.map((line) => ['paragraph', line]));
  });

  it('keeps inline code, bold, italic, strike and links, and reads them back', async () => {
    const { markdown } = await markdownOf([
      block('paragraph', [
        text('a*b', { code: true }),
        text(' '),
        text('bold', { bold: true }),
        text(' '),
        text('it', { italic: true }),
        text(' '),
        text('gone', { strike: true }),
        text(' '),
        { type: 'link', href: 'https://example.org/a_(b)', content: [text('[site]')] },
      ]),
    ]);
    expect(markdown).toBe('`a*b` **bold** *it* ~~gone~~ [\\[site\\]](https://example.org/a_\\(b\\))\n');
  });

  it("drops NotePad's own styles Markdown lacks (follow-up, font size, colour, underline) but keeps their text", async () => {
    const { markdown } = await markdownOf([
      block('paragraph', [
        text('call back', { followUp: true }),
        text(' big', { fontSize: '1.5rem' }),
        text(' red', { color: '#ea384c' }),
        text(' under', { underline: true }),
      ]),
    ]);
    expect(markdown).toBe('call back big red under\n');
  });

  it('keeps a hard line break inside a paragraph and escapes a marker after it', async () => {
    const { markdown } = await markdownOf([block('paragraph', [text('first\n# second')])]);
    expect(markdown).toBe('first\\\n\\# second\n');
  });

  it('writes an empty note as nothing', async () => {
    expect((await markdownOf([block('paragraph', [])])).markdown).toBe('');
    expect((await markdownOf(null, '')).markdown).toBe('');
  });
});

describe('images of an exported note', () => {
  it('become files in assets/ named after the note, linked by relative URL-encoded path', async () => {
    const assets = new AssetCollector();
    const { markdown, newAssets } = await markdownOf(
      [
        block('image', undefined, { props: { url: JPEG, name: 'photo.jpg' } }),
        block('image', undefined, { props: { url: PNG, name: '' } }),
      ],
      '',
      assets,
      'Trip (Rome)',
    );
    expect(newAssets.map((a) => [a.path, a.stored])).toEqual([
      ['assets/Trip (Rome) 1.jpg', true],
      ['assets/Trip (Rome) 2.png', true],
    ]);
    expect(markdown).toBe('![photo.jpg](assets/Trip%20%28Rome%29%201.jpg)\n\n![](assets/Trip%20%28Rome%29%202.png)\n');
    expect(readBack(markdown).map(([type]) => type)).toEqual(['image', 'image']);
    expect(parser.tryParseMarkdownToBlocks(markdown).map((b) => (b.props as { url: string }).url)).toEqual([
      'assets/Trip%20%28Rome%29%201.jpg',
      'assets/Trip%20%28Rome%29%202.png',
    ]);
  });

  it('writes an image that is in several notes once, and every note links to that one file', async () => {
    const assets = new AssetCollector();
    const first = await markdownOf([block('image', undefined, { props: { url: JPEG } })], '', assets, 'One');
    const second = await markdownOf(
      [
        block('image', undefined, { props: { url: JPEG } }),
        block('image', undefined, { props: { url: JPEG.replace('base64,', 'base64,\n') } }),
      ],
      '',
      assets,
      'Two',
    );
    expect(first.newAssets.map((a) => a.path)).toEqual(['assets/One 1.jpg']);
    expect(second.newAssets).toEqual([]);
    expect(second.markdown).toBe('![](assets/One%201.jpg)\n\n![](assets/One%201.jpg)\n');
    expect(assets.count).toBe(1);
  });

  it('keeps a caption in the figure BlockNote writes, with the relative path, and leaves web images as links', async () => {
    const { markdown } = await markdownOf([
      block('image', undefined, { props: { url: PNG, name: 'dot', caption: 'A dot' } }),
      block('image', undefined, { props: { url: 'https://img.example.org/cat.png', name: 'cat' } }),
    ]);
    expect(markdown).toBe(
      '<figure><img alt="dot" src="assets/Note%201.png"><figcaption>A dot</figcaption></figure>\n\n![cat](https://img.example.org/cat.png)\n',
    );
  });

  it('URL-encodes asset names so spaces, brackets and non-ASCII letters keep the link whole', () => {
    expect(assetLink('assets/Café (2) 1.jpg')).toBe('assets/Caf%C3%A9%20%282%29%201.jpg');
  });
});

describe('a note that has only HTML (legacy notes, older imports)', () => {
  const LEGACY =
    '<div>Shopping <b>list</b></div><ul><li><input type="checkbox" checked>milk</li><li><input type="checkbox">eggs</li></ul>' +
    `<div>see <img src="${JPEG}"> here</div><span class="follow-up bg-yellow-200">call back</span><script>alert(1)</script>`;

  it('is sanitized, parsed by BlockNote and written like any note, its inline image kept as a file', async () => {
    const assets = new AssetCollector();
    const { markdown, newAssets } = await markdownOf(null, LEGACY, assets, 'Legacy');
    expect(newAssets.map((a) => a.path)).toEqual(['assets/Legacy 1.jpg']);
    expect(markdown).toBe('Shopping **list**\n\n- [x] milk\n- [ ] eggs\n\nsee here\n\n![](assets/Legacy%201.jpg)\n\ncall back\n');
  });

  it('moves images out of their line, after it, in their order', () => {
    expect(liftInlineImages('<p>a <img src="1"> b <img src="2"></p><img src="3">')).toBe(
      '<p>a  b </p><img src="1"><img src="2"><img src="3">',
    );
    expect(liftInlineImages('<p>no images</p>')).toBe('<p>no images</p>');
  });
});

describe('long notes', () => {
  const mixed = (n: number): ExportBlock[] =>
    Array.from({ length: n }, (_, i) => {
      const kind = Math.floor(i / 7) % 4;
      if (kind === 0) return block('paragraph', [text(`para ${i} with * and _x_`)]);
      if (kind === 1) return block('numberedListItem', [text(`item ${i}`)]);
      if (kind === 2) return block('checkListItem', [text(`task ${i}`)], { props: { checked: i % 2 === 0 } });
      return block('bulletListItem', [text(`bullet ${i}`)]);
    });

  it('are cut into chunks of about 100 top-level blocks, never between two list items', () => {
    const blocks = mixed(1000);
    const chunks = exportChunks(blocks);
    expect(chunks.flat()).toEqual(blocks);
    expect(chunks.length).toBeGreaterThan(5);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.length).toBeGreaterThanOrEqual(i === chunks.length - 1 ? 1 : 100);
      expect(chunk.length).toBeLessThan(130);
      const next = chunks[i + 1]?.[0];
      const isList = (b: ExportBlock) => b.type !== 'paragraph';
      if (next) expect(isList(chunk[chunk.length - 1]) && isList(next)).toBe(false);
    }
  });

  it('read the same in chunks as in one piece, pausing between chunks', async () => {
    const blocks = mixed(450);
    let pauses = 0;
    const { markdown } = await noteMarkdown({
      body: { html: '', blocks },
      stem: 'Long',
      converter,
      assets: new AssetCollector(),
      pause: () => void (pauses += 1),
    });
    const whole = dashListMarkers(converter.blocksToMarkdown(escapeBlocksForMarkdown(blocks)));
    expect(pauses).toBe(exportChunks(blocks).length - 1);
    expect(markdown).toBe(whole.replace(/\n{3,}/g, '\n\n'));
  });
});

describe('escaping one run of text', () => {
  it('escapes block markers only where a line starts', () => {
    expect(escapeMarkdownText('# a', true)).toBe('\\# a');
    expect(escapeMarkdownText('# a', false)).toBe('# a');
    expect(escapeMarkdownText('x\n# a\n12. b', false)).toBe('x\n\\# a\n12\\. b');
    expect(escapeMarkdownText('#tag', true)).toBe('#tag');
  });
});
