import type { Browser } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, waitIn } from '../probes';
import { appSnapshot, countStored, seedContext, seedSpec } from '../seed';
import { FrameNamer, startProfile, type Attribution } from '../profile';

/** Start-up figures for one log size. */
export interface StartupResult {
  events: number;
  notes: number;
  tail: number;
  /** First boot of the seeded log, before any snapshot existed (a full fold): info only. */
  fullFoldFirstRowMs: number | null;
  firstRowMs: number[];
  foldMs: number[];
  profile: Attribution | null;
}

/** Events after the snapshot at measurement time: half the snapshot interval, the average tail in use. */
const TAIL_EVENTS = 250;

/**
 * Fold work = CPU samples under NotePad's projections or the validation/upcasting of read events.
 * Not the projections that are not part of the fold: legacy import's reading of the original app's
 * keys (after the first paint since start-up was reordered, so inside or outside the profile's
 * window by timing) and the search index (built in idle slices after load).
 */
const NOT_FOLD = /(^|\/)src\/projections\/(legacy|searchIndex|searchText)\.ts$/;
const isFold = (source: string) =>
  (/(^|\/)src\/projections\//.test(source) && !NOT_FOLD.test(source)) || /(^|\/)src\/events\/(validate|upcast)\.ts$/.test(source);

/**
 * Seed `notes` notes and `events` events, let the app fold them once and write its snapshot, add a
 * 250-event tail, then open the app `runs` times: unprofiled runs give the time from navigation to
 * the first sidebar row; profiled runs (interleaved) give the fold work in CPU ms.
 */
export async function measureStartup(
  browser: Browser,
  origin: string,
  namer: FrameNamer,
  notes: number,
  events: number,
  runs: number,
): Promise<StartupResult> {
  const context = await newContext(browser);
  try {
    await installProbe(context, true);
    const now = Date.now();
    await seedContext(context, origin, seedSpec({ kind: 'startup', notes, events, now, seed: events }));
    const { firstRowMs: fullFoldFirstRowMs, snapshotSeq } = await appSnapshot(context, origin);
    if (!snapshotSeq) throw new Error('the app wrote no snapshot');
    await seedContext(
      context,
      origin,
      seedSpec({ kind: 'tail', notes, events: TAIL_EVENTS, now, seed: events + 1, firstSeq: snapshotSeq + 1000 }),
    );
    const result: StartupResult = { events, notes, tail: TAIL_EVENTS, fullFoldFirstRowMs, firstRowMs: [], foldMs: [], profile: null };
    for (let i = 0; i < runs * 2; i++) {
      const profiled = i % 2 === 1;
      const page = await context.newPage();
      const stop = profiled ? await startProfile(page) : null;
      await page.goto(origin + '/');
      const shown = await waitIn(page, () => window.__probe.firstRowAt !== null, 60_000);
      if (stop) {
        await page.waitForTimeout(200);
        const profile = await stop();
        result.foldMs.push(namer.inclusiveMs(profile, isFold));
        result.profile ??= namer.attribute(profile);
      } else if (shown) {
        result.firstRowMs.push(await page.evaluate(() => window.__probe.firstRowAt!));
      }
      if (i === 0) {
        const stored = await countStored(page);
        if (stored.lastSnapshotSeq !== snapshotSeq) console.warn(`  (snapshot moved to seq ${stored.lastSnapshotSeq})`);
      }
      await page.close();
    }
    return result;
  } finally {
    await context.close();
  }
}
