/**
 * The Node half of the saves-as-changes spike (docs/changes-spike.md): bytes on the wire per save
 * and per minute of typing for each candidate (sealed as the sync engine seals), the (a') block
 * model's costs in Node, two devices converging, and how (c)'s HTML patches merge.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import * as Y from 'yjs';
import { paragraphBlock, paragraphDoc, paragraphsHtml, prng, vocabulary, words } from '../lib/corpus';
import { summarize } from '../lib/stats';
import { YBlockDoc } from '../../src/projections/changes/blockModel';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { blockChanges } from './blockChanges';
import { applyPatch, makePatch } from './textPatches';
import { base64, noteEvent, pushBytes } from './wireBytes';

const NOTE_ID = '1764190000000';
const vocab = vocabulary();

/** Wire bytes (request body) of one save whose event carries a binary update of `bytes` bytes (base64 in the payload). */
export async function updateSaveWire(bytes: number): Promise<number> {
  return (await pushBytes([noteEvent('note.changed', { id: NOTE_ID, update: base64(randomBytes(bytes)) })])).wire;
}

/** The phrases of a minute of typing as the sync bench types them: 2-4 words and a full stop, 12 of them. */
function minuteOfPhrases(): string[] {
  const rand = prng(11);
  return Array.from({ length: 12 }, () => ` ${words(vocab, 2 + Math.floor(rand() * 3), rand)}.`);
}

/** Block 2 of `blocks` with `text` appended (a new object, as BlockNote makes for a changed block). */
function appended(blocks: readonly PlainBlock[], index: number, text: string): PlainBlock[] {
  const out = blocks.slice();
  const b = out[index];
  const old = (b.content as { text: string }[])[0]?.text ?? '';
  out[index] = paragraphBlock(b.id, old + text);
  return out;
}

/**
 * Per candidate: the bytes of a one-word save and of a minute of typing (12 saves of one phrase each)
 * in the 5,000-block note, as pushed. (a') the block model, (b) block changes, (c) an HTML patch.
 * The live binding's (a) figures come from the browser's updates (see run.ts).
 */
export async function savesOnTheWire(blocksCount: number) {
  const doc = paragraphDoc(blocksCount, 12, 1);
  let blocks = doc.blocks as PlainBlock[];
  const model = new YBlockDoc();
  model.save(blocks);
  const rows: { kind: string; oneWord: number; minute: number; perSave: number[] }[] = [];
  const one = appended(blocks, 1, ' hello');
  const modelOne = model.save(one)!;
  model.save(blocks);
  const change = JSON.stringify(blockChanges(blocks, one));
  const patchOne = makePatch(paragraphsHtml(blocks as never), paragraphsHtml(one as never));
  const perSave = { model: [] as number[], changes: [] as number[], patch: [] as number[] };
  for (const phrase of minuteOfPhrases()) {
    const next = appended(blocks, 1, phrase);
    perSave.model.push((await pushBytes([noteEvent('note.changed', { id: NOTE_ID, update: base64(model.save(next)!) })])).wire);
    perSave.changes.push((await pushBytes([noteEvent('note.blocks-changed', { id: NOTE_ID, ...blockChanges(blocks, next) })])).wire);
    perSave.patch.push(
      (
        await pushBytes([
          noteEvent('note.body-patched', { id: NOTE_ID, patch: makePatch(paragraphsHtml(blocks as never), paragraphsHtml(next as never)) }),
        ])
      ).wire,
    );
    blocks = next;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  rows.push({
    kind: "(a') block model",
    oneWord: (await pushBytes([noteEvent('note.changed', { id: NOTE_ID, update: base64(modelOne) })])).wire,
    minute: sum(perSave.model),
    perSave: perSave.model,
  });
  rows.push({
    kind: '(b) block changes',
    oneWord: (await pushBytes([noteEvent('note.blocks-changed', { id: NOTE_ID, ...(JSON.parse(change) as object) })])).wire,
    minute: sum(perSave.changes),
    perSave: perSave.changes,
  });
  rows.push({
    kind: '(c) HTML patch',
    oneWord: (await pushBytes([noteEvent('note.body-patched', { id: NOTE_ID, patch: patchOne })])).wire,
    minute: sum(perSave.patch),
    perSave: perSave.patch,
  });
  // (c)'s whole body, sent every N saves: the HTML alone, as today's engine sends a save over 2 MiB.
  const whole = (await pushBytes([noteEvent('note.body-saved', { id: NOTE_ID, html: paragraphsHtml(blocks as never) })])).wire;
  return { rows, wholeBodyWire: whole, htmlBytes: Buffer.byteLength(paragraphsHtml(blocks as never)) };
}

/** (a') block model at `blocksCount` blocks in Node: first save, one-word save, state sizes, load from state. */
export function modelCosts(blocksCount: number, reps: number) {
  const doc = paragraphDoc(blocksCount, 12, 1);
  const model = new YBlockDoc();
  let t0 = performance.now();
  model.save(doc.blocks);
  const firstMs = performance.now() - t0;
  let blocks = doc.blocks as PlainBlock[];
  const saveMs: number[] = [];
  for (let i = 0; i < reps; i++) {
    blocks = appended(blocks, 1, ` word${i}`);
    t0 = performance.now();
    model.save(blocks);
    saveMs.push(performance.now() - t0);
  }
  const state = Y.encodeStateAsUpdateV2(model.doc);
  const loadMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    const copy = new YBlockDoc();
    Y.applyUpdateV2(copy.doc, state);
    copy.toBlocks();
    loadMs.push(performance.now() - t0);
  }
  return {
    firstMs,
    save: summarize(saveMs),
    stateV2: state.length,
    stateV2Gzip: gzipSync(state, { level: 9 }).length,
    blocksJson: Buffer.byteLength(JSON.stringify(doc.blocks)),
    blocksJsonGzip: gzipSync(JSON.stringify(doc.blocks), { level: 9 }).length,
    load: summarize(loadMs),
  };
}

/**
 * Two devices of one `blocksCount`-block note, `edits` offline saves each (one word in a block of
 * their own: A in even blocks, B in odd ones), then each applies the other's updates one by one (as
 * a pull hands them over) and reads its blocks. Time of that step on one device, and whether both agree.
 */
export function converge(blocksCount: number, edits: number) {
  const doc = paragraphDoc(blocksCount, 12, 2);
  const a = new YBlockDoc();
  a.save(doc.blocks);
  const b = new YBlockDoc();
  Y.applyUpdateV2(b.doc, Y.encodeStateAsUpdateV2(a.doc));
  let blocksA = doc.blocks as PlainBlock[];
  let blocksB = b.toBlocks();
  b.save(blocksB);
  const fromA: Uint8Array[] = [];
  const fromB: Uint8Array[] = [];
  for (let i = 0; i < edits; i++) {
    const slot = Math.floor((i * blocksCount) / edits / 2) * 2;
    blocksA = appended(blocksA, slot, ` a${i}`);
    blocksB = appended(blocksB, slot + 1, ` b${i}`);
    fromA.push(a.save(blocksA)!);
    fromB.push(b.save(blocksB)!);
  }
  const t0 = performance.now();
  for (const u of fromB) Y.applyUpdateV2(a.doc, u);
  const readA = a.toBlocks();
  const ms = performance.now() - t0;
  for (const u of fromA) Y.applyUpdateV2(b.doc, u);
  const readB = b.toBlocks();
  const text = JSON.stringify(readA);
  const bothKept = text.includes(` a${edits - 1}`) && text.includes(` b${edits - 1}`);
  return {
    ms,
    updatesBytes: fromB.reduce((s, u) => s + u.length, 0),
    converged: text === JSON.stringify(readB) && bothKept,
  };
}

/** (c): how two devices' HTML patches of one note merge, case by case (applied in server order on the first device's text). */
export function patchMerges() {
  const base = paragraphsHtml([
    paragraphBlock('b1', 'The first paragraph holds some words.'),
    paragraphBlock('b2', 'The second paragraph holds some more.'),
    paragraphBlock('b3', 'The last paragraph ends the note.'),
  ] as never);
  const edit = (from: string, to: string) => base.replace(from, to);
  const cases = [
    {
      name: 'different paragraphs',
      a: edit('some words', 'some new words'),
      b: edit('ends the note', 'ends the whole note'),
      marks: ['new words', 'whole note'],
    },
    {
      name: 'same paragraph, different places',
      a: edit('The second', 'Then the second'),
      b: edit('some more.', 'some more, and more.'),
      marks: ['Then the second', 'and more'],
    },
    {
      name: 'same paragraph, same place',
      a: edit('holds some more', 'holds alpha more'),
      b: edit('holds some more', 'holds beta more'),
      marks: ['alpha', 'beta'],
    },
    {
      name: 'one deletes the paragraph the other edits',
      a: base.replace(/<div class="bn-block-outer"[^]*?data-id="b2"[^]*?<\/div><\/div><\/div>/, ''),
      b: edit('some more', 'some other'),
      marks: ['', 'some other'],
    },
  ];
  return cases.map((c) => {
    const { text, applied } = applyPatch(c.a, makePatch(base, c.b));
    const plain = text
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      name: c.name,
      hunksApplied: applied.every(Boolean),
      keepsA: plain.includes(c.marks[0]),
      keepsB: plain.includes(c.marks[1]),
      result: plain,
    };
  });
}
