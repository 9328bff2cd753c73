// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPurifier } from '../../src/services/purifier';
import { cleanImportedHtml, cleanPastedHtml } from '../../src/ui/editor/paste';
import { DANGEROUS_MARKUP_SCAN, xssPayloads } from '../e2e/xssCorpus';

// DOMPurify loads on first use in the app; these checks run once it has.
beforeAll(() => loadPurifier());
describe('pasted HTML cleaning', () => {
  it("removes every script, handler and script URL of the XSS corpus and keeps each payload's text", () => {
    for (const payload of xssPayloads()) {
      const clean = cleanPastedHtml(payload.html);
      expect(DANGEROUS_MARKUP_SCAN([clean]), payload.html).toEqual([]);
      expect(new DOMParser().parseFromString(clean, 'text/html').body.textContent, payload.html).toContain(payload.marker);
    }
  });

  it('keeps safe links, raster and SVG data images, turns web images into links and drops other image sources', () => {
    const clean = cleanPastedHtml(
      '<a href="https://example.org">ok</a><a href="javascript:alert(1)">bad</a>' +
        '<img src="https://img.example.org/cat.png" alt="cat"><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg"><img src="data:text/html;base64,PHN2Zz4=" alt="page">' +
        '<img src="blob:https://x/1" alt="blob">',
    );
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    expect(Array.from(doc.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['ok', 'https://example.org'],
      ['bad', null],
      ['cat', 'https://img.example.org/cat.png'],
    ]);
    expect(Array.from(doc.querySelectorAll('img')).map((i) => i.getAttribute('alt'))).toEqual(['dot', 'svg']);
    expect(doc.body.textContent).toContain('page');
    expect(doc.body.textContent).toContain('blob');
  });

  it('keeps a link to a note (its note id, label and app address) and drops a script address and handlers on one', () => {
    const clean = cleanPastedHtml(
      '<p><a href="/?note=1763719200000" class="note-link" data-note-id="1763719200000" data-label="Plan" onclick="alert(1)">Plan</a>' +
        '<a href="javascript:alert(2)" data-note-id="1763719200001">Evil</a></p>',
    );
    const [kept, evil] = Array.from(new DOMParser().parseFromString(clean, 'text/html').querySelectorAll('a'));
    expect([kept.getAttribute('href'), kept.dataset.noteId, kept.dataset.label, kept.className]).toEqual([
      '/?note=1763719200000',
      '1763719200000',
      'Plan',
      'note-link',
    ]);
    expect(kept.hasAttribute('onclick')).toBe(false);
    expect([evil.getAttribute('href'), evil.dataset.noteId]).toEqual([null, '1763719200001']);
    expect(DANGEROUS_MARKUP_SCAN([clean])).toEqual([]);
  });

  it('cleans an import’s HTML exactly as a paste, note after note', () => {
    const corpus = [
      ...xssPayloads().map((p) => p.html),
      '<a href="https://example.org">ok</a><img src="https://img.example.org/cat.png" alt="cat"><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
      '<ul><li><input type="checkbox" checked>done</li></ul><span class="follow-up bg-yellow-200" data-text-color="red">x</span>',
    ];
    for (const html of corpus) expect(cleanImportedHtml(html), html).toBe(cleanPastedHtml(html));
  });
});
