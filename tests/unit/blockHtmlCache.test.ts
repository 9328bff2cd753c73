// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { noteSchema, type NoteEditor } from '../../src/ui/editor/schema';
import { BlockHtmlCache } from '../../src/ui/editor/blockHtmlCache';
import { blockHtmlCacheOf, captureBody, showBody } from '../../src/ui/editor/noteDocument';
import { pick, randomInt, seededRandom } from '../support/random';

type Partial = Record<string, unknown>;

const newEditor = () => BlockNoteEditor.create({ schema: noteSchema });

const WORDS = ['alpha', 'beta', 'gamma', 'delta', '<b>&amp;', '"quoted"', 'ünïcode', '1. item', ' data-index="9"'];

/** Inline content with the styles NotePad uses (built-in and custom) and links. */
function inline(random: () => number): unknown[] {
  const out: unknown[] = [];
  for (let i = randomInt(random, 4); i >= 0; i--) {
    const text = `${pick(random, WORDS)} `;
    const roll = random();
    if (roll < 0.15) out.push({ type: 'link', href: 'https://example.com/a?b=1&c=2', content: [{ type: 'text', text, styles: {} }] });
    else if (roll < 0.3) out.push({ type: 'text', text, styles: { bold: true, followUp: true } });
    else if (roll < 0.4) out.push({ type: 'text', text, styles: { fontSize: '1.25rem', color: '#9b87f5', italic: true } });
    else out.push({ type: 'text', text, styles: {} });
  }
  return out;
}

/** A random block of the kinds a note holds: text, headings, lists (numbered with starts), checks, tables, images, nesting. */
function randomBlock(random: () => number, depth = 0): Partial {
  const kind = pick(random, [
    'paragraph',
    'paragraph',
    'heading',
    'bulletListItem',
    'numberedListItem',
    'numberedListItem',
    'checkListItem',
    'table',
    'image',
    'quote',
  ]);
  const children =
    depth < 2 && random() < 0.25 ? Array.from({ length: 1 + randomInt(random, 3) }, () => randomBlock(random, depth + 1)) : [];
  switch (kind) {
    case 'heading':
      return { type: 'heading', props: { level: 1 + randomInt(random, 3) }, content: inline(random) };
    case 'numberedListItem':
      return {
        type: 'numberedListItem',
        props: random() < 0.2 ? { start: 3 + randomInt(random, 5) } : {},
        content: inline(random),
        children,
      };
    case 'checkListItem':
      return { type: 'checkListItem', props: { checked: random() < 0.5 }, content: random() < 0.2 ? [] : inline(random), children };
    case 'table':
      return {
        type: 'table',
        content: { type: 'tableContent', rows: [{ cells: [inline(random), inline(random)] }, { cells: [inline(random), []] }] },
      };
    case 'image':
      return { type: 'image', props: { url: 'https://example.com/x.png', caption: pick(random, WORDS), previewWidth: 200 } };
    case 'quote':
      return { type: 'quote', content: inline(random) };
    default:
      return {
        type: kind,
        props: random() < 0.1 ? { textAlignment: 'center', textColor: 'red' } : {},
        content: random() < 0.15 ? [] : inline(random),
        children,
      };
  }
}

/** One random edit of the kinds a user makes: type in a block, insert, delete, move, nest, change type. */
function randomEdit(editor: NoteEditor, random: () => number): string {
  const doc = editor.document;
  const target = pick(random, doc);
  const roll = random();
  if (roll < 0.3 && target.type !== 'table' && target.type !== 'image') {
    editor.updateBlock(target, { content: inline(random) } as never);
    return 'update';
  }
  if (roll < 0.5 && doc.length < 25) {
    const blocks = Array.from({ length: 1 + randomInt(random, 3) }, () => randomBlock(random));
    editor.insertBlocks(blocks, target, random() < 0.5 ? 'before' : 'after');
    return 'insert';
  }
  if (roll < 0.65 || doc.length >= 25) {
    editor.removeBlocks([target]);
    return 'delete';
  }
  if (roll < 0.8) {
    editor.setTextCursorPosition(target, 'start');
    if (random() < 0.5) editor.moveBlocksUp();
    else editor.moveBlocksDown();
    return 'move';
  }
  if (roll < 0.9) {
    editor.updateBlock(target, { type: pick(random, ['paragraph', 'numberedListItem', 'bulletListItem']) } as never);
    return 'retype';
  }
  editor.setTextCursorPosition(target, 'start');
  if (editor.canNestBlock()) editor.nestBlock();
  else if (editor.canUnnestBlock()) editor.unnestBlock();
  return 'nest';
}

describe('per-block HTML cache', () => {
  it('gives exactly blocksToFullHTML of the whole document after random edits, inserts, deletes and moves', () => {
    const seed = 7;
    const random = seededRandom(seed);
    const editor = newEditor();
    const cache = new BlockHtmlCache(editor);
    editor.replaceBlocks(
      editor.document,
      Array.from({ length: 15 }, () => randomBlock(random)),
    );
    const kinds = new Set<string>();
    for (let step = 0; step < 150; step++) {
      kinds.add(randomEdit(editor, random));
      const blocks = editor.document;
      expect(cache.html(blocks), `seed ${seed}, step ${step}`).toBe(editor.blocksToFullHTML(blocks));
    }
    expect([...kinds].sort()).toEqual(['delete', 'insert', 'move', 'nest', 'retype', 'update']);
  }, 90_000); // BlockNote in jsdom is slow; the bound only matters on a loaded machine

  it('continues numbered lists across top-level blocks as BlockNote does (starts, breaks, nested items)', () => {
    const editor = newEditor();
    const cache = new BlockHtmlCache(editor);
    const item = (text: string, extra: Partial = {}) => ({ type: 'numberedListItem', content: text, ...extra });
    editor.replaceBlocks(editor.document, [
      item('one'),
      item('two', { props: { start: 5 } }),
      item('three', { children: [item('a'), item('b')] }),
      { type: 'paragraph', content: 'break', children: [{ type: 'paragraph', content: 'x' }, item('nested first')] },
      item('after a paragraph with a nested list'),
      { type: 'paragraph', content: 'plain' },
      item('restart', { props: { start: 4 } }),
      item('next'),
    ] as never);
    const blocks = editor.document;
    const html = cache.html(blocks);
    expect(html).toBe(editor.blocksToFullHTML(blocks));
    expect([...html.matchAll(/data-index="(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2', '3', '1', '2', '1', '2', '4', '5']);
  });

  it('serializes only the blocks that changed since the last call', () => {
    const editor = newEditor();
    const cache = new BlockHtmlCache(editor);
    editor.replaceBlocks(editor.document, Array.from({ length: 200 }, (_, i) => ({ type: 'paragraph', content: `p${i}` })) as never);
    cache.html(editor.document);
    editor.updateBlock(editor.document[120], { content: 'typed' });
    const { result: html, serialized } = serializedDuring(editor, () => cache.html(editor.document));
    expect(serialized).toBe(1);
    expect(html).toBe(editor.blocksToFullHTML(editor.document));
  });
});

/** Waits (up to 60 s) until the cache has finished priming; fails when it never does. */
const settle = (cache: BlockHtmlCache) => vi.waitFor(() => expect(cache.priming).toBe(false), { timeout: 60_000, interval: 50 });

/** Runs `fn`; returns its result and how many blocks it handed to `blocksToFullHTML`. */
function serializedDuring<T>(editor: ReturnType<typeof newEditor>, fn: () => T): { result: T; serialized: number } {
  const spy = vi.spyOn(editor, 'blocksToFullHTML');
  try {
    const result = fn();
    return { result, serialized: spy.mock.calls.reduce((n, [blocks]) => n + (blocks?.length ?? 0), 0) };
  } finally {
    spy.mockRestore();
  }
}

describe('idle priming', () => {
  it('serializes every block in idle time after an edit, so the save then serializes none', async () => {
    const editor = newEditor();
    const cache = new BlockHtmlCache(editor);
    editor.replaceBlocks(editor.document, Array.from({ length: 300 }, (_, i) => ({ type: 'paragraph', content: `p${i}` })) as never);
    cache.schedulePrime();
    expect(cache.priming).toBe(true);
    await settle(cache);
    const { result: html, serialized } = serializedDuring(editor, () => cache.html(editor.document));
    expect(serialized).toBe(0);
    expect(html).toBe(editor.blocksToFullHTML(editor.document));
  }, 90_000);
});

describe('priming for a save', () => {
  it('serializes what is left in tasks of its own, so the capture after it serializes none', async () => {
    const editor = newEditor();
    const cache = new BlockHtmlCache(editor);
    editor.replaceBlocks(editor.document, Array.from({ length: 1000 }, (_, i) => ({ type: 'paragraph', content: `p${i}` })) as never);
    const spy = vi.spyOn(editor, 'blocksToFullHTML');
    const primed = cache.primeForSave();
    const inFirstTask = spy.mock.calls.length;
    await primed;
    expect(inFirstTask).toBeLessThan(1000);
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1000);
    spy.mockRestore();
    expect(cache.primed).toBe(true);
    const { result: html, serialized } = serializedDuring(editor, () => cache.html(editor.document));
    expect(serialized).toBe(0);
    expect(html).toBe(editor.blocksToFullHTML(editor.document));
    expect(serializedDuring(editor, () => void cache.primeForSave()).serialized).toBe(0);
  }, 90_000);
});

describe('when the cache primes', () => {
  it('not for showing a note, then once after its first edit, then only for changes of many blocks', async () => {
    const editor = newEditor();
    const cache = blockHtmlCacheOf(editor);
    const stored = { html: '<p>x</p>', blocks: Array.from({ length: 80 }, (_, i) => ({ type: 'paragraph', content: `p${i}` })) };
    showBody(editor, stored);
    await Promise.resolve();
    expect(cache.priming).toBe(false);

    editor.updateBlock(editor.document[3], { content: 'first edit' });
    expect(cache.priming).toBe(true);
    await settle(cache);
    expect(cache.primed).toBe(true);

    editor.updateBlock(editor.document[4], { content: 'a keystroke' });
    expect(cache.priming).toBe(false);
    editor.insertBlocks(
      Array.from({ length: 60 }, (_, i) => ({ type: 'paragraph', content: `pasted ${i}` })) as never,
      editor.document[5],
      'after',
    );
    expect(cache.priming).toBe(true);
    await settle(cache);
    expect(captureBody(editor).html).toBe(editor.blocksToFullHTML(editor.document));
  }, 90_000);
});

describe('captureBody', () => {
  it('saves an editor with only empty paragraphs as "" and otherwise the full HTML', () => {
    const editor = newEditor();
    editor.replaceBlocks(editor.document, [{ type: 'paragraph' }, { type: 'paragraph' }] as never);
    expect(captureBody(editor).html).toBe('');
    editor.updateBlock(editor.document[1], { content: 'text' });
    const body = captureBody(editor);
    expect(body.html).toBe(editor.blocksToFullHTML(editor.document));
    expect(body.blocks).toEqual(JSON.parse(JSON.stringify(editor.document)));
  });

  it('hands out blocks that later edits do not change (BlockNote makes new block objects)', () => {
    const editor = newEditor();
    editor.replaceBlocks(editor.document, [
      { type: 'paragraph', content: 'a' },
      { type: 'checkListItem', content: 'b', children: [{ type: 'paragraph', content: 'c' }] },
    ] as never);
    const saved = captureBody(editor).blocks;
    const snapshot = structuredClone(saved);
    editor.updateBlock(editor.document[1], { props: { checked: true }, content: 'changed' });
    editor.updateBlock(editor.document[1].children[0], { content: 'nested change' });
    editor.insertBlocks([{ type: 'paragraph', content: 'new' }] as never, editor.document[0], 'before');
    editor.removeBlocks([editor.document[1]]);
    expect(saved).toEqual(snapshot);
    expect(captureBody(editor).blocks[0]).not.toBe(saved[0]);
  });
});
