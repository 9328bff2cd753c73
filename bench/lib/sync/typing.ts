/**
 * Figure: typing with sync on and off (docs/benchmarks.md "Sync figures"). The editor stage's
 * per-key probe and typing (bench/lib/figures/editor.ts `typeKeys`, `measureAutosave`,
 * `heapAfterGc`; bench/lib/probes.ts) in two NotePad contexts holding the same seeded note: one
 * signed in to an account of its own, one without an account; runs interleaved (on/off, then
 * off/on). The note is opened the same way on both (`openSeededNote`); the signed-in page waits for
 * "Synced at" before typing and after its autosave, so each run starts and ends with nothing in flight.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { heapAfterGc, measureAutosave, notePadEditorContext, typeKeys, type EditorRun } from '../figures/editor';
import type { paragraphDoc } from '../corpus';
import { quantile } from '../stats';
import { benchEmail, openApp, signInThroughUi, waitSynced } from './signInSteps';
import { openSeededNote } from './openNote';

type Doc = ReturnType<typeof paragraphDoc>;

/** Runs of one document: signed in (`on`) and without an account (`off`). */
export interface TypingPair {
  on: EditorRun[];
  off: EditorRun[];
}

/** A NotePad context holding `doc`, signed in to a new account of its own through the UI. */
async function signedInContext(browser: Browser, origin: string, doc: Doc): Promise<BrowserContext> {
  const context = await notePadEditorContext(browser, origin, doc);
  const page = await openApp(context, origin);
  // Signing in pushes the seeded note (a 5,000-block body is megabytes): allow for it.
  await signInThroughUi(page, benchEmail('typing'), true, 180_000);
  await page.close();
  return context;
}

/** One run: open the note, heap after GC, type, and (big note) the autosave; a signed-in page is synced first and last. */
async function run(context: BrowserContext, origin: string, doc: Doc, signedIn: boolean, big: boolean): Promise<EditorRun> {
  const t0 = Date.now();
  const page = await openSeededNote(context, origin, doc.blocks.length);
  const readyMs = Date.now() - t0;
  try {
    if (signedIn) await waitSynced(page, 180_000);
    await page.waitForTimeout(500);
    const heapBytes = await heapAfterGc(page);
    const keyMs = await typeKeys(page);
    const autosave = big ? await measureAutosave(page) : undefined;
    if (signedIn && big) await waitSynced(page, 180_000);
    return { readyMs, heapBytes, keyMs, autosave };
  } finally {
    await page.close();
  }
}

/** `runs` interleaved runs of typing in `doc` with and without an account. */
export async function measureSyncTyping(
  browser: Browser,
  origin: string,
  doc: Doc,
  runs: number,
  big: boolean,
  log: (msg: string) => void,
): Promise<TypingPair> {
  const on = await signedInContext(browser, origin, doc);
  const off = await notePadEditorContext(browser, origin, doc);
  const pair: TypingPair = { on: [], off: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const signedIn of i % 2 === 0 ? [true, false] : [false, true]) {
        const result = await run(signedIn ? on : off, origin, doc, signedIn, big);
        (signedIn ? pair.on : pair.off).push(result);
      }
      const median = (r: EditorRun) => quantile(r.keyMs, 0.5);
      log(
        `typing ${doc.blocks.length} blocks run ${i + 1}/${runs}: signed in ${median(pair.on[i]).toFixed(1)} ms, no account ${median(pair.off[i]).toFixed(1)} ms per key`,
      );
    }
    return pair;
  } finally {
    await on.close();
    await off.close();
  }
}
