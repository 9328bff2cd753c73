/**
 * Figure: two devices' offline edits of one 500-block note merging (docs/benchmarks.md "Merge
 * figure"). Device A is Chromium, signed in through the UI, holding the note; device B is a Node
 * client of the same account (mergeDevice.ts). Each run: A synced, then offline; B folds the account
 * and pushes 100 saves as changes, one word at the end of each of 100 blocks; A types one word at the
 * end of each of 100 other blocks, saving each with Ctrl+S; A goes online and the time is taken until
 * its status says "Synced at" and its editor shows B's 100 words. Then B pulls everything and folds it:
 * converged when that HTML is A's `note_{id}` and both hold the run's 200 words.
 */
import type { Browser, Page } from '@playwright/test';
import type { paragraphDoc } from '../corpus';
import { profiled } from '../cpuProfile';
import { notePadEditorContext } from '../figures/editor';
import { benchEmail, openApp, signInThroughUi, waitSynced } from './signInSteps';
import { openSeededNote } from './openNote';
import { MergeDevice } from './mergeDevice';
import { callsTo, recordTraffic } from './traffic';

type Doc = ReturnType<typeof paragraphDoc>;

/** Edits per device per run. */
const EDITS = 100;

/** One run's measures. */
export interface MergeRun {
  /** ms from `setOffline(false)` on A until A is synced and shows all of B's words (NaN: not within a minute). */
  ms: number;
  /** A's saves of the run on the host (`note.changed` events of A's device after B's). */
  aSaves: number;
  /** B's saves pushed. */
  bSaves: number;
  /** Events B pulled at the end (the account's whole log). */
  pulled: number;
  /** A's `note_{id}` is the HTML B folds, and both hold the run's 200 words. */
  converged: boolean;
  /** Of the run's 2 x 100 words, how many B's folded HTML holds. */
  wordsInB: number;
  /** Of them, how many A's `note_{id}` holds. */
  wordsInA: number;
  /** Of A's 100 words: in A's editor and in its `note_{id}` before it goes online, and in its editor at the end. */
  aWords: { shownOffline: number; savedOffline: number; shownAfter: number };
  /** Long tasks (>= 50 ms) on A's main thread from `setOffline(false)` until seen: their count and total ms. */
  longTasks: { count: number; totalMs: number };
  /** A's sync calls after `setOffline(false)` (ms since then): pushes and pulls, when each was sent and done. */
  calls: { path: string; at: number; doneAt: number; status: number }[];
}

/** In the page: the time A is synced and its editor shows every one of `words`, else false. */
function shownAt(words: string[]): number | false {
  const status = document.querySelector('[role="status"][aria-label="Sync status"]')?.textContent ?? '';
  if (!status.startsWith('Synced at ')) return false;
  const text = document.querySelector('.bn-editor')?.textContent ?? '';
  return words.every((w) => text.includes(w)) ? performance.now() : false;
}

/** How many of `words` A's editor shows and its `note_{id}` holds. */
async function wordsOnA(page: Page, noteId: string, words: string[]): Promise<{ shown: number; saved: number }> {
  return page.evaluate(
    ({ id, words }) => {
      const text = document.querySelector('.bn-editor')?.textContent ?? '';
      const html = localStorage.getItem(`note_${id}`) ?? '';
      return { shown: words.filter((w) => text.includes(w)).length, saved: words.filter((w) => html.includes(w)).length };
    },
    { id: noteId, words },
  );
}

/** Type ` word` at the end of top-level block `index` of A's editor and save with Ctrl+S. */
async function typeAtEnd(page: Page, index: number, word: string): Promise<void> {
  const block = page.locator('.bn-editor .bn-inline-content').nth(index);
  await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await block.boundingBox();
  if (!box) throw new Error(`block ${index} is not shown`);
  // The bottom-right corner of the paragraph is the end of its last line, whatever it wraps to; a
  // locator's click checks that nothing covers that point.
  await block.click({ position: { x: box.width - 2, y: box.height - 3 } });
  await page.keyboard.press('End');
  await page.keyboard.type(` ${word}`);
  const typed = await block.textContent();
  if (!typed?.endsWith(word))
    throw new Error(`the word typed did not land at the end of block ${index}: ${JSON.stringify(typed?.slice(-40))}`);
  await page.keyboard.press('ControlOrMeta+s');
  // Lets the save append before the next edit (offline: the log only, no network).
  await page.waitForTimeout(150);
}

/** `runs` merge runs on one account and one note of `doc`'s blocks (at least 2 x 100 + 2). */
export async function measureMerge(
  browser: Browser,
  origin: string,
  doc: Doc,
  runs: number,
  log: (msg: string) => void,
): Promise<MergeRun[]> {
  const blocks = doc.blocks.length;
  if (blocks < 2 * EDITS + 2) throw new Error(`the merge figure needs at least ${2 * EDITS + 2} blocks`);
  const context = await notePadEditorContext(browser, origin, doc);
  try {
    const signIn = await openApp(context, origin);
    const email = benchEmail('merge');
    await signInThroughUi(signIn, email, true, 180_000);
    await signIn.close();
    const page = await openSeededNote(context, origin, blocks);
    await waitSynced(page, 180_000);
    // A first save as a change starts the note's chain on the host: both devices edit on it.
    await typeAtEnd(page, 0, 'begin');
    await waitSynced(page, 60_000);
    const b = await MergeDevice.signIn(origin, email);
    const noteId = (await b.fold()).notes.order[0];
    // A and B edit alternate blocks spread over the note, never the same block; words of one length, none a prefix of another.
    const step = Math.floor((blocks - 1) / EDITS);
    const results: MergeRun[] = [];
    for (let run = 0; run < runs; run++) {
      const aEdits = Array.from({ length: EDITS }, (_, i) => ({ index: 1 + i * step, word: `alder${run}x${String(i).padStart(3, '0')}` }));
      const bEdits = Array.from({ length: EDITS }, (_, i) => ({
        index: 1 + i * step + Math.floor(step / 2),
        word: `birch${run}x${String(i).padStart(3, '0')}`,
      }));
      await waitSynced(page, 60_000);
      await context.setOffline(true);
      const before = await b.fold();
      const seen = before.events.length;
      const bSaves = await b.editAndPush(before.notes, noteId, bEdits);
      for (const { index, word } of aEdits) await typeAtEnd(page, index, word);
      // The autosave's quiet time after the last key: every save of A is in its log before it goes online.
      await page.waitForTimeout(2500);

      const aWords = aEdits.map((e) => e.word);
      const offline = await wordsOnA(page, noteId, aWords);
      await page.evaluate(() => {
        const w = window as unknown as { __mergeTasks: { start: number; duration: number }[]; __mergeObserver?: PerformanceObserver };
        w.__mergeObserver?.disconnect();
        const tasks: { start: number; duration: number }[] = (w.__mergeTasks = []);
        w.__mergeObserver = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
        });
        w.__mergeObserver.observe({ type: 'longtask' });
      });
      const traffic = await recordTraffic(page);
      let t0 = Number.NaN;
      // BENCH_PROFILE=1: A's CPU profile from going online until seen (its heaviest functions printed).
      const seenAt = await profiled(page, `sync-merge-run${run + 1}`, async () => {
        t0 = await page.evaluate(() => performance.now());
        await context.setOffline(false);
        return page
          .waitForFunction(
            shownAt,
            bEdits.map((e) => e.word),
            { polling: 20, timeout: 60_000 },
          )
          .then(
            async (handle) => (await handle.jsonValue()) as number,
            () => Number.NaN,
          );
      });
      const ms = seenAt - t0;
      const longTasks = await page.evaluate(
        ({ from, to }) => {
          const tasks = (window as unknown as { __mergeTasks: { start: number; duration: number }[] }).__mergeTasks;
          const within = tasks.filter((t) => t.start >= from && t.start <= to);
          return { count: within.length, totalMs: Math.round(within.reduce((n, t) => n + t.duration, 0)) };
        },
        { from: t0, to: Number.isFinite(seenAt) ? seenAt : Number.POSITIVE_INFINITY },
      );

      // Convergence: A settled (a save the merge caused pushed too), then B's fold of everything against A's note_{id}.
      await page.waitForTimeout(2500);
      await waitSynced(page, 60_000);
      await traffic.stop();
      const calls = [...callsTo(traffic.calls(), '/functions/v1/sync/push'), ...callsTo(traffic.calls(), '/functions/v1/sync/pull')]
        .sort((x, y) => x.at - y.at)
        .map(({ path, at, doneAt, status }) => ({ path: path.split('?')[0], at: Math.round(at), doneAt: Math.round(doneAt), status }));
      const end = await wordsOnA(page, noteId, aWords);
      const after = await b.fold();
      const foldedHtml = after.notes.bodies[noteId]?.html ?? '';
      const aHtml = await page.evaluate((id) => localStorage.getItem(`note_${id}`) ?? '', noteId);
      const words = [...aEdits, ...bEdits].map((e) => e.word);
      const wordsInB = words.filter((w) => foldedHtml.includes(w)).length;
      const wordsInA = words.filter((w) => aHtml.includes(w)).length;
      const aSaves = after.events.slice(seen).filter((e) => e.deviceId !== b.deviceId && e.event.type === 'note.changed').length;
      const result: MergeRun = {
        ms,
        aSaves,
        bSaves,
        pulled: after.events.length,
        converged: aHtml === foldedHtml && wordsInA === words.length && wordsInB === words.length,
        wordsInA,
        wordsInB,
        aWords: { shownOffline: offline.shown, savedOffline: offline.saved, shownAfter: end.shown },
        calls,
        longTasks,
      };
      results.push(result);
      log(
        `merge run ${run + 1}/${runs}: ${Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : 'not within 60 s'}; A ${aSaves} saves, B ${bSaves}; ${result.pulled} events pulled; words A ${wordsInA}/200, B ${wordsInB}/200; converged ${result.converged ? 'yes' : 'NO'}; A's words offline shown ${offline.shown}, saved ${offline.saved}, shown at the end ${end.shown}; ${longTasks.count} long tasks, ${longTasks.totalMs} ms; calls ${calls.map((c) => `${c.path.slice(19)} ${c.at}-${c.doneAt} ms ${c.status}`).join(', ')}`,
      );
    }
    await page.close();
    return results;
  } finally {
    await context.close();
  }
}
