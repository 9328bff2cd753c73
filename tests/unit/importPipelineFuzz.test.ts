// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { importSummaries } from '../../src/projections/imports';
import { pick, randomInt, seededRandom } from '../support/random';
import { fileOf, importFiles, openLog } from './importHarness';

/*
 * Randomly damaged Evernote exports and zips through the whole pipeline (docs/product.md "Import
 * notes"): the real readers, the conversion, a real EventLog over IndexedDB. Never a crash, never a
 * partial write (a file that fails planning appends nothing; a run appends exactly its notes and
 * records), always a message with a reason. Seeded: a failing case replays with its seed.
 */

const CASES = Number(process.env.FUZZ_IMPORT_PIPELINE_CASES ?? 300);
const SEED = process.env.FUZZ_IMPORT_PIPELINE_SEED ?? 'import-pipeline-1';
const SOURCES = ['evernote.enex', 'obsidian-vault.zip', 'notion-export.zip', 'keep-takeout.zip'];

/** `bytes` damaged one to three times: bits flipped, cut short, junk inserted, bytes removed or zeroed. */
function damage(bytes: Uint8Array, random: () => number): Uint8Array {
  let out = bytes.slice();
  for (let n = 1 + randomInt(random, 3); n > 0 && out.length > 0; n--) {
    const at = randomInt(random, out.length);
    const kind = pick(random, ['flip', 'cut', 'insert', 'remove', 'zero'] as const);
    if (kind === 'flip') for (let i = 0; i < 1 + randomInt(random, 8); i++) out[randomInt(random, out.length)] ^= 1 << randomInt(random, 8);
    else if (kind === 'cut') out = out.slice(0, at);
    else if (kind === 'insert') {
      const junk = Uint8Array.from({ length: 1 + randomInt(random, 64) }, () => randomInt(random, 256));
      out = new Uint8Array([...out.subarray(0, at), ...junk, ...out.subarray(at)]);
    } else if (kind === 'remove') out = new Uint8Array([...out.subarray(0, at), ...out.subarray(at + 1 + randomInt(random, 64))]);
    else out.fill(0, at, at + 1 + randomInt(random, 32));
  }
  return out;
}

describe('randomly damaged exports through the whole import', () => {
  it(`never crash, never write part of a failed file, always say why (${CASES} cases, seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const originals = SOURCES.map(
      (name) => [name, new Uint8Array(readFileSync(join(process.cwd(), 'tests/fixtures/import', name)))] as const,
    );
    const outcomes = { failed: 0, imported: 0 };
    for (let i = 0; i < CASES; i++) {
      const [name, bytes] = pick(random, originals);
      const context = `case ${i} (${name}, seed ${SEED})`;
      globalThis.indexedDB = new IDBFactory();
      const storage = await openIndexedDbStorage(null);
      const log = await openLog(storage);
      await log.append('note.created', { id: '1', title: 'Mine' });
      const before = await storage.readAfter(0);

      const outcome = await importFiles(log, [fileOf(name, damage(bytes, random))], { limits: { maxZipRatio: 20 } });
      const after = (await storage.readAfter(0)) as { type: string; payload: { importId?: string } }[];
      if (outcome.kind !== 'imported') {
        outcomes.failed += 1;
        expect(outcome.kind, context).toBe('failed');
        if (outcome.kind !== 'failed') continue;
        expect(
          outcome.failures.map((f) => f.file),
          context,
        ).toEqual([name]);
        for (const failure of outcome.failures) expect(failure.reason.length, context).toBeGreaterThan(3);
        expect(after, context).toEqual(before);
        expect(log.state.notes.order, context).toEqual(['1']);
      } else {
        outcomes.imported += 1;
        const added = after.slice(before.length);
        const notes = added.filter((e) => e.type === 'note.imported');
        expect(notes.length, context).toBe(outcome.imported);
        expect(new Set(notes.map((e) => e.payload.importId)), context).toEqual(new Set([outcome.importId]));
        expect(added.at(-1)!.type, context).toBe('import.finished');
        expect(log.state.notes.order, context).toHaveLength(1 + outcome.imported);
        const [summary] = importSummaries(await log.importRecords());
        expect(
          summary.notes.map(([id]) => id),
          context,
        ).toEqual(log.state.notes.order.slice(1));
        for (const file of outcome.files) {
          for (const entry of [...file.skipped, ...file.dropped]) expect(entry.reason.length, context).toBeGreaterThan(3);
        }
      }
      await log.close();
    }
    // Both outcomes occur, or the damage never reached what matters.
    expect(outcomes.failed, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.imported, JSON.stringify(outcomes)).toBeGreaterThan(0);
  }, 600_000);
});
