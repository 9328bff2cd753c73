// @vitest-environment jsdom
/**
 * How the saves-as-changes candidates of docs/changes-spike.md merge two devices' offline edits:
 * (a') the block model of bench/changes/yBlockDoc.ts, (a') y-prosemirror's updateYFragment beside
 * an unbound editor, and (c) HTML patches. Each device starts from the same state, saves offline,
 * then both exchange their updates (in either order) and compare.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { updateYFragment } from 'y-prosemirror';
import { BlockNoteEditor } from '@blocknote/core';
import { yXmlFragmentToBlocks } from '@blocknote/core/yjs';
import { noteSchema } from '../../src/ui/editor/schema';
import { YBlockDoc } from '../../src/projections/changes/blockModel';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { applyPatch, makePatch } from '../../bench/changes/textPatches';
import { paragraphBlock, paragraphsHtml } from '../../bench/lib/corpus';

const para = (id: string, text: string) => paragraphBlock(id, text) as PlainBlock;
const textOf = (b: PlainBlock) =>
  ((b.content ?? []) as { text?: string; content?: { text: string }[] }[])
    .map((c) => c.text ?? c.content?.map((t) => t.text).join(''))
    .join('');
const NOTE = [para('b1', 'First paragraph.'), para('b2', 'Second paragraph here.'), para('b3', 'Third paragraph.')];

/** Two devices of the block model holding `blocks`: A made it, B read A's state. */
function twoDevices(blocks: PlainBlock[]) {
  const a = new YBlockDoc();
  a.save(blocks);
  const b = new YBlockDoc();
  Y.applyUpdateV2(b.doc, Y.encodeStateAsUpdateV2(a.doc));
  b.save(b.toBlocks());
  return { a, b };
}

/** Each device applies the other's updates; both must end with the same blocks, which are returned. */
function exchange(a: YBlockDoc, fromA: (Uint8Array | null)[], b: YBlockDoc, fromB: (Uint8Array | null)[]): PlainBlock[] {
  for (const u of fromB) if (u) Y.applyUpdateV2(a.doc, u);
  for (const u of fromA) if (u) Y.applyUpdateV2(b.doc, u);
  expect(JSON.stringify(a.toBlocks())).toBe(JSON.stringify(b.toBlocks()));
  return a.toBlocks();
}

const withText = (blocks: PlainBlock[], index: number, text: string, styles: Record<string, unknown> = {}) =>
  blocks.map((b, i) => (i === index ? { ...b, content: [{ type: 'text', text, styles }] } : b));

describe("the block model (a'): a Y.Doc beside the editor, saved block by block", () => {
  it('reads back the blocks it saved: styles, links, props and nested children', () => {
    const blocks: PlainBlock[] = [
      {
        id: 'x1',
        type: 'heading',
        props: { level: 2, textColor: 'default', backgroundColor: 'default', textAlignment: 'left', isToggleable: false },
        content: [
          { type: 'text', text: 'Bold ', styles: { bold: true } },
          { type: 'link', href: 'https://example.com/', content: [{ type: 'text', text: 'a link', styles: { italic: true } }] },
          { type: 'text', text: ' big', styles: { fontSize: '1.25rem', followUp: true } },
        ],
        children: [para('x2', 'A child.')],
      },
    ];
    const doc = new YBlockDoc();
    doc.save(blocks);
    const copy = new YBlockDoc();
    Y.applyUpdateV2(copy.doc, Y.encodeStateAsUpdateV2(doc.doc));
    expect(copy.toBlocks()).toEqual(blocks);
  });

  it('a save in which no block changed carries no update, and a one-word save a few dozen bytes', () => {
    const doc = new YBlockDoc();
    doc.save(NOTE);
    expect(doc.save(NOTE.slice())).toBeNull();
    const update = doc.save(withText(NOTE, 1, 'Second paragraph here, and more.'));
    expect(update!.length).toBeLessThan(80);
  });

  it('edits of different paragraphs made offline on two devices give one note with both', () => {
    const { a, b } = twoDevices(NOTE);
    const merged = exchange(a, [a.save(withText(NOTE, 0, 'First paragraph, edited on A.'))], b, [
      b.save(withText(NOTE, 2, 'Third paragraph, edited on B.')),
    ]);
    expect(merged.map(textOf)).toEqual(['First paragraph, edited on A.', 'Second paragraph here.', 'Third paragraph, edited on B.']);
  });

  it('the same paragraph edited at different places on two devices keeps both texts', () => {
    const { a, b } = twoDevices(NOTE);
    const merged = exchange(a, [a.save(withText(NOTE, 1, 'A: Second paragraph here.'))], b, [
      b.save(withText(NOTE, 1, 'Second paragraph here. B.')),
    ]);
    expect(textOf(merged[1])).toBe('A: Second paragraph here. B.');
  });

  it('the same paragraph edited at the same place keeps both insertions, in one order on both devices', () => {
    const { a, b } = twoDevices(NOTE);
    const merged = exchange(a, [a.save(withText(NOTE, 1, 'Second alpha paragraph here.'))], b, [
      b.save(withText(NOTE, 1, 'Second beta paragraph here.')),
    ]);
    expect(['Second alpha beta paragraph here.', 'Second beta alpha paragraph here.']).toContain(textOf(merged[1]));
  });

  it('a style set on one device and text typed on the other in the same paragraph both survive', () => {
    const { a, b } = twoDevices(NOTE);
    const bold = NOTE.map((blk, i) =>
      i === 1
        ? {
            ...blk,
            content: [
              { type: 'text', text: 'Second', styles: { bold: true } },
              { type: 'text', text: ' paragraph here.', styles: {} },
            ],
          }
        : blk,
    );
    const merged = exchange(a, [a.save(bold)], b, [b.save(withText(NOTE, 1, 'Second paragraph here, typed on B.'))]);
    expect(merged[1].content).toEqual([
      { type: 'text', text: 'Second', styles: { bold: true } },
      { type: 'text', text: ' paragraph here, typed on B.', styles: {} },
    ]);
  });

  it('blocks inserted at the same place on two devices are both kept, and a block moved on one device is moved on both', () => {
    const { a, b } = twoDevices(NOTE);
    const fromA = a.save([NOTE[0], para('na', 'New on A.'), NOTE[1], NOTE[2]]);
    const fromB = b.save([NOTE[0], para('nb', 'New on B.'), NOTE[1], NOTE[2]]);
    const merged = exchange(a, [fromA], b, [fromB]);
    expect(merged.map((blk) => blk.id).sort()).toEqual(['b1', 'b2', 'b3', 'na', 'nb']);
    const moved = a.save([merged[4], ...merged.slice(0, 4)]);
    Y.applyUpdateV2(b.doc, moved!);
    expect(b.toBlocks().map((blk) => blk.id)).toEqual(a.toBlocks().map((blk) => blk.id));
    expect(b.toBlocks()[0].id).toBe(merged[4].id);
  });

  it('a save made before the editor shows remote updates undoes them in the blocks it changed, and only there', () => {
    const { a, b } = twoDevices(NOTE);
    const fromB = b.save(withText(withText(NOTE, 1, 'Second paragraph here. B.'), 2, 'Third paragraph. B.'));
    Y.applyUpdateV2(a.doc, fromB!);
    a.save(withText(NOTE, 1, 'A: Second paragraph here.'));
    expect(a.toBlocks().map(textOf).slice(1)).toEqual(['A: Second paragraph here.', 'Third paragraph. B.']);
  });

  it('a paragraph moved on one device and edited on the other keeps the edit at its new place', () => {
    const { a, b } = twoDevices(NOTE);
    const fromA = a.save([NOTE[1], NOTE[0], NOTE[2]]);
    const fromB = b.save(withText(NOTE, 1, 'Second paragraph here, edited on B.'));
    const merged = exchange(a, [fromA], b, [fromB]);
    expect(merged.map(textOf)).toEqual(['Second paragraph here, edited on B.', 'First paragraph.', 'Third paragraph.']);
  });

  it('a paragraph indented under another on one device and edited on the other keeps the edit as a child', () => {
    const { a, b } = twoDevices(NOTE);
    const fromA = a.save([{ ...NOTE[0], children: [NOTE[1]] }, NOTE[2]]);
    const fromB = b.save(withText(NOTE, 1, 'Second paragraph here, edited on B.'));
    const merged = exchange(a, [fromA], b, [fromB]);
    expect(merged.map((blk) => blk.id)).toEqual(['b1', 'b3']);
    expect(merged[0].children.map(textOf)).toEqual(['Second paragraph here, edited on B.']);
  });

  it('one paragraph moved to two different places on two devices is shown once, at the same place on both', () => {
    const { a, b } = twoDevices(NOTE);
    const merged = exchange(a, [a.save([NOTE[2], NOTE[0], NOTE[1]])], b, [b.save([NOTE[0], NOTE[2], NOTE[1]])]);
    expect(merged.map((blk) => blk.id).sort()).toEqual(['b1', 'b2', 'b3']);
  });

  it("two devices that start a note's chain offline from the same whole body merge without doubling it and keep both edits", () => {
    const a = YBlockDoc.fromUpdates([YBlockDoc.initialState(NOTE, 'revision-1')]);
    const b = YBlockDoc.fromUpdates([YBlockDoc.initialState(NOTE, 'revision-1')]);
    a.save(a.toBlocks());
    b.save(b.toBlocks());
    const fromA = Y.encodeStateAsUpdateV2(a.doc);
    a.save(withText(a.toBlocks(), 0, 'First paragraph, edited on A.'));
    b.save(withText(b.toBlocks(), 2, 'Third paragraph, edited on B.'));
    const merged = exchange(a, [Y.encodeStateAsUpdateV2(a.doc, Y.encodeStateVectorFromUpdateV2(fromA))], b, [
      Y.encodeStateAsUpdateV2(b.doc),
    ]);
    expect(merged.map(textOf)).toEqual(['First paragraph, edited on A.', 'Second paragraph here.', 'Third paragraph, edited on B.']);
  });

  it("writes a chain's first state in steps as the same items the fold starts the chain with, and saves from it as this device", () => {
    const blocks: PlainBlock[] = [
      {
        id: 'h1',
        type: 'heading',
        props: { level: 2, textColor: 'default', backgroundColor: 'default', textAlignment: 'left', isToggleable: false },
        content: [
          { type: 'text', text: 'Bold ', styles: { bold: true } },
          { type: 'link', href: 'https://example.com/', content: [{ type: 'text', text: 'a link', styles: { italic: true } }] },
        ],
        children: [para('h1a', 'A child.'), { ...para('h1b', 'Another child.'), children: [para('h1b1', 'A grandchild.')] }],
      },
      ...NOTE,
      {
        id: 't1',
        type: 'table',
        props: { textColor: 'default' },
        content: { type: 'tableContent', rows: [{ cells: [[]] }] },
        children: [],
      },
      { id: 'e1', type: 'paragraph', props: {}, children: [] },
    ];
    const model = new YBlockDoc();
    const own = model.doc.clientID;
    let steps = 0;
    for (const _ of model.writeFirstState(blocks, 'revision-1')) steps++;
    expect(steps).toBe(blocks.length);
    expect(Y.encodeStateAsUpdateV2(model.doc)).toEqual(YBlockDoc.initialState(blocks, 'revision-1'));
    expect(model.doc.clientID).toBe(own);
    // A device that started the same chain from the stored first state merges this one's edit without doubling the note.
    const other = YBlockDoc.fromUpdates([YBlockDoc.initialState(blocks, 'revision-1')]);
    const edit = model.save(withText(model.toBlocks(), 1, 'First paragraph, edited.'));
    Y.applyUpdateV2(other.doc, edit!);
    expect(JSON.stringify(other.toBlocks())).toBe(JSON.stringify(model.toBlocks()));
    expect(other.toBlocks().map((b) => b.id)).toEqual(blocks.map((b) => b.id));
    expect(textOf(other.toBlocks()[1])).toBe('First paragraph, edited.');
  });

  it('takes the shown blocks equal to the saved ones as saved: the next save compares only the others and still deletes what the editor removed', () => {
    const model = new YBlockDoc();
    for (const _ of model.writeFirstState(NOTE, 'revision-1'));
    // The editor's own objects: equal to the saved blocks except b2, edited before the model was ready, and b3, deleted.
    const shown = [
      structuredClone(NOTE[0]),
      { ...structuredClone(NOTE[1]), content: [{ type: 'text', text: 'Typed early.', styles: {} }] },
    ];
    for (const _ of model.markSaved(NOTE, shown));
    expect(model.unapplied(shown)).toEqual(['b2']);
    model.save(shown);
    expect(model.toBlocks().map(textOf)).toEqual(['First paragraph.', 'Typed early.']);
    expect(model.doc.getMap('blocks').has('b3')).toBe(false);
  });

  it("two devices that start the chain from the same body with random client ids lose one side's edits", () => {
    const a = new YBlockDoc();
    a.save(NOTE);
    const b = new YBlockDoc();
    b.save(NOTE);
    a.save(withText(NOTE, 0, 'First paragraph, edited on A.'));
    b.save(withText(NOTE, 2, 'Third paragraph, edited on B.'));
    // Each chain goes whole: the other device has none of it.
    const merged = exchange(a, [Y.encodeStateAsUpdateV2(a.doc)], b, [Y.encodeStateAsUpdateV2(b.doc)]);
    const kept = [textOf(merged[0]) === 'First paragraph, edited on A.', textOf(merged[2]) === 'Third paragraph, edited on B.'];
    expect(kept.filter(Boolean)).toHaveLength(1);
  });

  it('an edit of a paragraph another device deleted meanwhile is lost: the delete wins', () => {
    const { a, b } = twoDevices(NOTE);
    const merged = exchange(a, [a.save([NOTE[0], NOTE[2]])], b, [b.save(withText(NOTE, 1, 'Second paragraph here, edited on B.'))]);
    expect(merged.map((blk) => blk.id)).toEqual(['b1', 'b3']);
  });
});

describe("y-prosemirror's updateYFragment (a'): a Y.XmlFragment beside an unbound editor", () => {
  const FRAGMENT = 'prosemirror';

  /** A device: a headless NotePad editor showing the note, and its Y.Doc kept by updateYFragment at each save. */
  function device(state?: Uint8Array) {
    const editor = BlockNoteEditor.create({ schema: noteSchema });
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment(FRAGMENT);
    const meta = { mapping: new Map(), isOMark: new Map() };
    if (state) {
      Y.applyUpdateV2(doc, state);
      editor.replaceBlocks(editor.document, yXmlFragmentToBlocks(editor, fragment));
    } else editor.replaceBlocks(editor.document, NOTE as never);
    const updates: Uint8Array[] = [];
    doc.on('updateV2', (u: Uint8Array, origin: unknown) => origin !== 'remote' && updates.push(u));
    const save = () => updateYFragment(doc, fragment, editor.prosemirrorState.doc, meta);
    save();
    updates.length = 0;
    const receive = (us: Uint8Array[]) => us.forEach((u) => Y.applyUpdateV2(doc, u, 'remote'));
    const read = () => yXmlFragmentToBlocks(editor, fragment) as unknown as PlainBlock[];
    return { editor, doc, save, updates, receive, read };
  }
  const setText = (editor: BlockNoteEditor<any, any, any>, index: number, text: string) =>
    editor.updateBlock(editor.document[index], { content: text });

  it('edits of different paragraphs merge, and the same paragraph keeps both texts', () => {
    const a = device();
    const b = device(Y.encodeStateAsUpdateV2(a.doc));
    setText(a.editor, 0, 'First paragraph, edited on A.');
    setText(a.editor, 1, 'A: Second paragraph here.');
    a.save();
    setText(b.editor, 2, 'Third paragraph, edited on B.');
    setText(b.editor, 1, 'Second paragraph here. B.');
    b.save();
    a.receive(b.updates);
    b.receive(a.updates);
    expect(a.read().map(textOf)).toEqual([
      'First paragraph, edited on A.',
      'A: Second paragraph here. B.',
      'Third paragraph, edited on B.',
    ]);
    expect(JSON.stringify(b.read())).toBe(JSON.stringify(a.read()));
  });

  it('a save made before the editor shows remote updates undoes them in the blocks it changed, and only there', () => {
    const a = device();
    const b = device(Y.encodeStateAsUpdateV2(a.doc));
    setText(b.editor, 1, 'Second paragraph here. B.');
    setText(b.editor, 2, 'Third paragraph. B.');
    b.save();
    a.receive(b.updates);
    setText(a.editor, 1, 'A: Second paragraph here.');
    a.save();
    expect(a.read().map(textOf).slice(1)).toEqual(['A: Second paragraph here.', 'Third paragraph. B.']);
  });
});

describe('HTML patches (c): diff-match-patch, applied in server order', () => {
  const base = paragraphsHtml(NOTE as never);
  const patched = (a: string, b: string) => applyPatch(a, makePatch(base, b));

  it('edits of different paragraphs both apply', () => {
    const { text, applied } = patched(base.replace('First', 'The first'), base.replace('Third', 'The third'));
    expect(applied.every(Boolean)).toBe(true);
    expect(text).toBe(base.replace('First', 'The first').replace('Third', 'The third'));
  });

  it('two replacements of the same word keep only the one applied last', () => {
    const { text } = patched(base.replace('Second paragraph', 'Second alpha'), base.replace('Second paragraph', 'Second beta'));
    expect(text).toContain('Second beta');
    expect(text).not.toContain('alpha');
  });

  it('an edit of a paragraph the other device deleted lands, fuzzily, in another paragraph', () => {
    const withoutSecond = paragraphsHtml([NOTE[0], NOTE[2]] as never);
    const { text, applied } = patched(withoutSecond, base.replace('Second paragraph here.', 'Second paragraph, edited.'));
    expect(applied.every(Boolean)).toBe(true);
    expect(text).not.toBe(withoutSecond);
    expect(text).not.toContain('Second paragraph');
  });

  it('insertions at the same place in one paragraph both apply', () => {
    const { text } = patched(
      base.replace('Second paragraph', 'Second alpha paragraph'),
      base.replace('Second paragraph', 'Second beta paragraph'),
    );
    expect(text).toMatch(/Second (alpha beta|beta alpha) paragraph/);
  });
});
