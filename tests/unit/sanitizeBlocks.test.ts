// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPurifier } from '../../src/services/purifier';
import { isSafeLinkHref, isSafeMediaUrl, sanitizeBlocks } from '../../src/services/sanitizeBlocks';

// DOMPurify loads on first use in the app; these checks run once it has.
beforeAll(() => loadPurifier());
describe('BlockNote document URL checks', () => {
  it('keeps web and mail links and turns script links into plain text', () => {
    const blocks = sanitizeBlocks([
      {
        type: 'paragraph',
        props: {},
        content: [
          { type: 'link', href: 'https://example.org', content: [{ type: 'text', text: 'ok', styles: {} }] },
          { type: 'link', href: 'javascript:alert(1)', content: [{ type: 'text', text: 'bad', styles: {} }] },
          { type: 'link', href: ' JaVaScRiPt:alert(1)', content: [{ type: 'text', text: 'bad2', styles: {} }] },
          { type: 'link', href: 'data:text/html,<script>alert(1)</script>', content: [{ type: 'text', text: 'bad3', styles: {} }] },
        ],
        children: [],
      },
    ]);
    expect(blocks[0].content).toEqual([
      { type: 'link', href: 'https://example.org', content: [{ type: 'text', text: 'ok', styles: {} }] },
      { type: 'text', text: 'bad', styles: {} },
      { type: 'text', text: 'bad2', styles: {} },
      { type: 'text', text: 'bad3', styles: {} },
    ]);
  });

  it('keeps a link to a note with only its note id and label, and turns one with an id that is not a note id into its text', () => {
    const [block] = sanitizeBlocks([
      {
        type: 'paragraph',
        props: {},
        content: [
          { type: 'noteLink', props: { noteId: '1763719200000', label: 'Plan', onclick: 'alert(1)' } },
          { type: 'noteLink', props: { noteId: 'javascript:alert(1)', label: 'Bad' } },
          { type: 'noteLink', props: { noteId: '12 onmouseover=x', label: '' } },
          { type: 'noteLink', props: { noteId: 5 } },
        ],
        children: [],
      },
    ]);
    expect(block.content).toEqual([
      { type: 'noteLink', props: { noteId: '1763719200000', label: 'Plan' } },
      { type: 'text', text: 'Bad', styles: {} },
    ]);
  });

  it('empties media URLs that are not web, blob or image data, in nested blocks and table cells too', () => {
    const [outer] = sanitizeBlocks([
      {
        type: 'paragraph',
        props: {},
        content: [],
        children: [
          { type: 'image', props: { url: 'javascript:alert(1)' }, children: [] },
          { type: 'image', props: { url: 'data:image/png;base64,iVBORw0KGgo=' }, children: [] },
          {
            type: 'table',
            props: {},
            content: { type: 'tableContent', rows: [{ cells: [[{ type: 'link', href: 'vbscript:x', content: [] }]] }] },
            children: [],
          },
        ],
      },
    ]);
    const [bad, good, table] = outer.children as { props: { url?: string }; content?: unknown }[];
    expect(bad.props.url).toBe('');
    expect(good.props.url).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(table.content).toEqual({ type: 'tableContent', rows: [{ cells: [[]] }] });
  });

  it('decides single URLs', () => {
    expect(isSafeLinkHref('mailto:a@b.c')).toBe(true);
    expect(isSafeLinkHref('javascript:void(0)')).toBe(false);
    expect(isSafeMediaUrl('https://x.org/a.png')).toBe(true);
    // An SVG image is kept, sanitized where it enters a note or is shown (svgImages.test.ts).
    expect(isSafeMediaUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(true);
    expect(isSafeMediaUrl('data:text/html;base64,PHN2Zz4=')).toBe(false);
  });
});
