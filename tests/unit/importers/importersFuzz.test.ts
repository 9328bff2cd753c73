import { describe, expect, it } from 'vitest';
import { planImport, type ReaderItem } from '../../../src/importers';
import { pick, randomInt, seededRandom } from '../../support/random';
import { fileOf, fixture } from './importerHelpers';

const CASES = Number(process.env.FUZZ_IMPORT_CASES ?? 300);
const SEED = process.env.FUZZ_IMPORT_SEED ?? 'import-fuzz-1';
const SOURCES = ['evernote.enex', 'obsidian-vault.zip', 'notion-export.zip', 'keep-takeout.zip'];

/** `bytes` damaged once or a few times: bits flipped, cut short, bytes inserted or removed. */
function damage(bytes: Uint8Array, random: () => number): Uint8Array {
  let out = bytes.slice();
  for (let n = 1 + randomInt(random, 3); n > 0; n--) {
    const at = randomInt(random, out.length);
    switch (pick(random, ['flip', 'cut', 'insert', 'remove', 'zero'] as const)) {
      case 'flip':
        for (let i = 0; i < 1 + randomInt(random, 8); i++) out[randomInt(random, out.length)] ^= 1 << randomInt(random, 8);
        break;
      case 'cut':
        out = out.slice(0, at);
        break;
      case 'insert': {
        const junk = Uint8Array.from({ length: 1 + randomInt(random, 64) }, () => randomInt(random, 256));
        out = new Uint8Array([...out.subarray(0, at), ...junk, ...out.subarray(at)]);
        break;
      }
      case 'remove':
        out = new Uint8Array([...out.subarray(0, at), ...out.subarray(at + 1 + randomInt(random, 64))]);
        break;
      case 'zero':
        out.fill(0, at, at + 1 + randomInt(random, 32));
        break;
    }
    if (out.length === 0) break;
  }
  return out;
}

function hasReason(item: ReaderItem): boolean {
  if (item.kind === 'skipped') return item.skipped.reason.length > 0;
  if (item.kind === 'dropped') return item.dropped.reason.length > 0;
  return item.note.dropped.every((dropped) => dropped.reason.length > 0);
}

describe('randomly damaged exports', () => {
  it(`never crash: a damaged file fails planning with a reason, or reads with every loss listed (${CASES} cases, seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const originals = await Promise.all(SOURCES.map(async (name) => [name, new Uint8Array(await fixture(name).arrayBuffer())] as const));
    let failed = 0;
    for (let i = 0; i < CASES; i++) {
      const [name, bytes] = pick(random, originals);
      const file = fileOf(name, damage(bytes, random));
      const context = `case ${i} (${name}, seed ${SEED})`;
      const plan = await planImport([file], { limits: { maxZipRatio: 20 } });
      expect(plan.sources.length + plan.failures.length, context).toBe(1);
      if (plan.failures.length) {
        failed += 1;
        expect(plan.failures[0].reason, context).not.toBe('');
        continue;
      }
      const source = plan.sources[0];
      let counted = 0;
      for await (const item of source.read()) {
        expect(hasReason(item), context).toBe(true);
        if (item.kind !== 'dropped') counted += 1;
      }
      expect(counted, context).toBe(source.total);
    }
    // Both outcomes occur, or the damage never reached what matters.
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(CASES);
  }, 120_000);
});
