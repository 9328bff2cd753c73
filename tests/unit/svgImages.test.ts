// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPurifier } from '../../src/services/purifier';
import { sanitizeBlocks } from '../../src/services/sanitizeBlocks';
import { cleanSvg, cleanSvgDataUrl } from '../../src/services/svgImages';
import { cleanPastedHtml } from '../../src/ui/editor/paste';
import { DIAGRAM_SVG, HOSTILE_SVG, ICON_SVG } from '../fixtures/import/vaults';

/*
 * SVG images (docs/product.md "What each format keeps"): kept as sanitized SVG data URLs, never with a
 * script, a handler, foreign HTML or a reference to another file or site.
 */

const PREFIX = 'data:image/svg+xml;base64,';
/** The SVG text of a data URL notes store. */
const svgOf = (url: string) => {
  expect(url.startsWith(PREFIX)).toBe(true);
  return new TextDecoder().decode(Uint8Array.from(atob(url.slice(PREFIX.length)), (c) => c.charCodeAt(0)));
};
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** What a hostile SVG must never keep. */
const HOSTILE_PARTS = [
  /<script/i,
  /onload/i,
  /onerror/i,
  /onclick/i,
  /foreignObject/i,
  /javascript:/i,
  /127\.0\.0\.1/,
  /<animate/i,
  /<set/i,
  /<use/i,
  /alert/,
];

beforeAll(() => loadPurifier());

describe('an SVG image made safe for a note', () => {
  it('keeps an icon with only a viewBox, shown at its viewBox width', () => {
    const image = cleanSvg(ICON_SVG)!;
    expect(image.width).toBe(24);
    const svg = svgOf(image.url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 24 24"');
    expect(svg).toContain('<circle cx="12" cy="12" r="10"');
  });

  it('keeps a diagram’s style sheet, gradient, markers and text, without its prolog and doctype, at its own width', () => {
    const image = cleanSvg(DIAGRAM_SVG)!;
    expect(image.width).toBe(420);
    const svg = svgOf(image.url);
    expect(svg).toContain('<style');
    expect(svg).toContain('fill: url(#sky)');
    expect(svg).toContain('<linearGradient id="sky"');
    expect(svg).toContain('marker-end="url(#arrow)"');
    expect(svg).toContain('>Inbox &amp; ideas</text>');
    expect(svg).not.toContain('<?xml');
    expect(svg).not.toContain('DOCTYPE');
    // Well-formed XML, as a browser reads an SVG file.
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('parsererror')).toBeNull();
  });

  it('removes every script, handler, foreign HTML, javascript: link, animation and outside reference, keeping what is drawn', () => {
    const svg = svgOf(cleanSvg(HOSTILE_SVG)!.url);
    for (const part of HOSTILE_PARTS) expect(svg).not.toMatch(part);
    expect(svg).toContain('<rect id="square" width="64" height="64" fill="#2a2"');
    expect(svg).toContain('<circle cx="32" cy="32" r="8" fill="#fff"');
  });

  it('keeps a raster image embedded in the SVG as data and links to its own parts', () => {
    const svg = svgOf(
      cleanSvg(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><a href="#part"><image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="5" height="5"/></a></svg>',
      )!.url,
    );
    expect(svg).toContain('href="#part"');
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('gives a width from width in px, else the viewBox, else 150 px', () => {
    expect(cleanSvg('<svg width="120px" height="10" viewBox="0 0 999 10"></svg>')!.width).toBe(120);
    expect(cleanSvg('<svg width="100%" viewBox="0 0 640 480"></svg>')!.width).toBe(640);
    expect(cleanSvg('<svg></svg>')!.width).toBe(150);
  });

  it('is nothing for text that holds no SVG image', () => {
    expect(cleanSvg('not an image')).toBeNull();
    expect(cleanSvg('<html><body><p>hi</p></body></html>')).toBeNull();
    expect(cleanSvg('<script>alert(1)</script>')).toBeNull();
  });
});

describe('SVG data URLs met in notes', () => {
  it('are sanitized whatever their encoding, and cleaning twice changes nothing', () => {
    const encoded = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(HOSTILE_SVG)}`;
    const clean = cleanSvgDataUrl(encoded)!;
    for (const part of HOSTILE_PARTS) expect(svgOf(clean)).not.toMatch(part);
    expect(cleanSvgDataUrl(`${PREFIX}${base64(HOSTILE_SVG)}`)).toBe(clean);
    expect(cleanSvgDataUrl(clean)).toBe(clean);
    expect(cleanSvgDataUrl(`${PREFIX}!!!`)).toBeNull();
  });

  it('in a saved document are sanitized where it is shown; raster and web images stay as they are', () => {
    const hostile = `${PREFIX}${base64(HOSTILE_SVG)}`;
    const blocks = [
      { type: 'image', props: { url: hostile }, content: undefined, children: [] },
      { type: 'image', props: { url: 'data:image/png;base64,iVBORw0KGgo=' }, content: undefined, children: [] },
      { type: 'image', props: { url: `${PREFIX}${base64('no svg here')}` }, content: undefined, children: [] },
    ];
    const [svg, png, broken] = sanitizeBlocks(blocks);
    for (const part of HOSTILE_PARTS) expect(svgOf(svg.props.url)).not.toMatch(part);
    expect(svgOf(svg.props.url)).toContain('id="square"');
    expect(png.props.url).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(broken.props.url).toBe('');
  });

  it('in pasted HTML stay images, sanitized', () => {
    const html = cleanPastedHtml(`<p>before</p><img alt="drawing" src="${PREFIX}${base64(HOSTILE_SVG)}"><p>after</p>`);
    const src = /<img[^>]*src="([^"]+)"/.exec(html)![1];
    for (const part of HOSTILE_PARTS) expect(svgOf(src)).not.toMatch(part);
    expect(html).toContain('before');
    expect(html).toContain('after');
  });
});
