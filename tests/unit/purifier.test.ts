// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadPurifier, purifier, purifierLoaded, PurifierNotLoadedError } from '../../src/services/purifier';
import { sanitizeBlocks } from '../../src/services/sanitizeBlocks';

// One file, one module instance: the order of these tests is the order of a page's life.
describe('DOMPurify on first use', () => {
  it('refuses to check a link before it has loaded, and checks blocks without links without it', () => {
    expect(purifierLoaded()).toBe(false);
    expect(() => purifier()).toThrow(PurifierNotLoadedError);
    const plain = [{ type: 'paragraph', props: {}, content: [{ type: 'text', text: 'hi', styles: {} }], children: [] }];
    expect(sanitizeBlocks(plain)).toEqual(plain);
    const linked = [
      {
        type: 'paragraph',
        props: {},
        content: [{ type: 'link', href: 'javascript:alert(1)', content: [{ type: 'text', text: 'x', styles: {} }] }],
        children: [],
      },
    ];
    expect(() => sanitizeBlocks(linked)).toThrow(PurifierNotLoadedError);
  });

  it('loads once and then sanitizes synchronously', async () => {
    const [a, b] = await Promise.all([loadPurifier(), loadPurifier()]);
    expect(a).toBe(b);
    expect(purifierLoaded()).toBe(true);
    expect(purifier().sanitize('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
    const linked = [
      {
        type: 'paragraph',
        props: {},
        content: [{ type: 'link', href: 'javascript:alert(1)', content: [{ type: 'text', text: 'x', styles: {} }] }],
        children: [],
      },
    ];
    expect(sanitizeBlocks(linked)[0].content).toEqual([{ type: 'text', text: 'x', styles: {} }]);
  });
});
