// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clipboardText, documentText, standaloneHtml } from '../../src/services/exporters';
import { noteFileName } from '../../src/services/download';
import { applyList, splitInlineLines } from '../../src/ui/editor/listItems';
import { block, text } from './blockBuilders';

describe('plain text of a note', () => {
  it("writes one line per block with the product's bullet marker, numbers, checkboxes, tables and nesting", () => {
    const blocks = [
      block('heading', [text('Plan')]),
      block('paragraph', [text('Hello '), { type: 'link', href: 'https://x.test', content: [text('world')] }]),
      block('bulletListItem', [text('one')], { children: [block('bulletListItem', [text('nested')])] }),
      block('bulletListItem', [text('two')]),
      block('numberedListItem', [text('first')]),
      block('numberedListItem', [text('second')]),
      block('checkListItem', [text('done')], { props: { checked: true } }),
      block('checkListItem', [text('todo')], { props: { checked: false } }),
      block('table', {
        type: 'tableContent',
        rows: [{ cells: [[text('a')], [text('b')]] }, { cells: [{ type: 'tableCell', content: [text('c')] }, [text('d')]] }],
      }),
      block('image', undefined, { props: { caption: 'A cat', url: 'data:image/png;base64,AA' } }),
      block('paragraph', [text('soft\nbreak')]),
      block('paragraph', []),
    ];
    expect(documentText(blocks)).toBe(
      [
        'Plan',
        'Hello world',
        '• one',
        '  • nested',
        '• two',
        '1. first',
        '2. second',
        '[x] done',
        '[ ] todo',
        'a\tb',
        'c\td',
        'A cat',
        'soft',
        'break',
      ].join('\n'),
    );
  });

  it('copies as title, blank line, body text', () => {
    expect(clipboardText('Title', 'Body')).toBe('Title\n\nBody');
  });
});

describe('standalone HTML file', () => {
  it('holds the title as text (never markup) and the note HTML in a full document', () => {
    const html = standaloneHtml('<img src=x onerror=alert(1)> & co', '<p>Body <strong>bold</strong></p>');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe('<img src=x onerror=alert(1)> & co');
    expect(doc.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)> & co');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelector('article strong')?.textContent).toBe('bold');
    expect(doc.querySelector('meta[charset="utf-8"]')).not.toBeNull();
  });
});

describe('download file names', () => {
  it('are the note title with unsafe characters replaced and an extension', () => {
    expect(noteFileName('Groceries', 'html')).toBe('Groceries.html');
    expect(noteFileName('a/b:c*d?"e"<f>|g', 'md')).toBe('a-b-c-d-e-f-g.md');
    expect(noteFileName('   ', 'txt')).toBe('Untitled Note.txt');
    expect(noteFileName('..hidden', 'txt')).toBe('hidden.txt');
    expect(noteFileName('x'.repeat(200), 'html')).toBe(`${'x'.repeat(60)}.html`);
  });
});

describe('lists from a selection (docs/product.md "Validation rules")', () => {
  it('splits soft line breaks and keeps styles and links', () => {
    const lines = splitInlineLines([
      text('a\nb', { bold: true }),
      { type: 'link', href: 'https://x.test', content: [text('c\nd')] },
    ] as never);
    expect(lines).toEqual([
      [text('a', { bold: true })],
      [text('b', { bold: true }), { type: 'link', href: 'https://x.test', content: [text('c')] }],
      [{ type: 'link', href: 'https://x.test', content: [text('d')] }],
    ]);
  });

  it('makes one item per non-empty line across the selected blocks, dropping empty lines', () => {
    const out = applyList(
      [block('paragraph', [text('one\n\ntwo')]), block('paragraph', []), block('paragraph', [text('three')])],
      'bulletListItem',
    );
    expect(out.map((b) => [b.type, b.content])).toEqual([
      ['bulletListItem', [text('one')]],
      ['bulletListItem', [text('two')]],
      ['bulletListItem', [text('three')]],
    ]);
  });

  it('starts an empty checklist item on an empty line, and toggles a list back to paragraphs', () => {
    expect(applyList([block('paragraph', [])], 'checkListItem')).toEqual([
      { type: 'checkListItem', props: { checked: false }, content: [], children: [] },
    ]);
    const back = applyList([block('numberedListItem', [text('a')]), block('numberedListItem', [text('b')])], 'numberedListItem');
    expect(back.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('leaves tables and images in place', () => {
    const image = block('image', undefined, { props: { url: 'x' } });
    expect(applyList([block('paragraph', [text('a')]), image], 'bulletListItem')[1]).toBe(image);
  });
});
