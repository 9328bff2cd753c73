/**
 * The `library` stage (docs/benchmarks.md "Library figures"): a library as an import and a year of
 * use leave it, 10,000 notes (and 50,000 for the growth figure), and what a person does with it:
 * start, search, open the dashboard, export every note, replay the log.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { diskContext, newContext } from './browser';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vocabulary } from './corpus';
import { armSearchProbe, installProbe } from './probes';
import { appSnapshot } from './seed';
import { limitFigure, type Figure } from './report';
import { quantile } from './stats';
import type { StageContext, StageResult } from './stages';
import { libraryEventCount, type LibrarySeeded, type LibrarySpec } from './librarySeed';
import {
  backingStorage,
  searchIndexStored,
  seedLibrary,
  settledHeap,
  startLibrary,
  storedBytes,
  typeQueries,
  type LibraryStart,
} from './figures/library';
import { dashboardRun, openUsable, replayRun, type DashboardRun, type ReplayRun } from './figures/libraryViews';
import { measureExport } from './figures/exportAll';
import { coldStart, dropSnapshots, type ColdStart } from './figures/noSnapshot';
import { startProfile, type Attribution } from './profile';
import { traced, type TraceSummary } from './trace';
import { startBenchHost } from './sync/benchHost';
import { seedAccount } from './sync/accountSeed';
import { benchEmail } from './sync/signInSteps';
import { newDeviceRun, type NewDeviceRun } from './sync/newDeviceSignIn';
import { syncedReloads } from './sync/syncedReload';
import { upgradeFigures } from './libraryUpgrade';

const MiB = 2 ** 20;
const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
/** Edits over the year after the import, per imported note. */
const EDITS_PER_NOTE = 2;

/** Queries of the search figures: words in about 20%, 5% and 1% of the notes (Zipf-like corpus). */
function queries(): { first: string; typed: string[] } {
  const v = vocabulary();
  return { first: v[300], typed: [v[700], v[1500], v[2400]] };
}

/** The seeded library of `notes` notes (the same log every run for one count). */
function librarySpec(notes: number): LibrarySpec {
  return { notes, edits: notes * EDITS_PER_NOTE, now: Date.now(), seed: notes, vocab: vocabulary(), skipCompaction: true };
}

/** Log what seeding `notes` notes wrote, and how long it took since `t0` (ms since 1970). */
function logSeeded(notes: number, seeded: LibrarySeeded, t0: number): void {
  log(
    `library ${notes}: seeded ${seeded.events} events, ${(seeded.bytes / 1e6).toFixed(0)} MB JSON, ${seeded.live} notes (${seeded.longNotes} long, ${seeded.imageNotes} with a photo, ${seeded.starred} starred) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** Seed a library of `notes` notes into a new context and let the app fold it and write its snapshot. */
async function seededLibrary(
  ctx: StageContext,
  notes: number,
): Promise<{ context: BrowserContext; seeded: LibrarySeeded; firstBootMs: number | null }> {
  const context = await newContext(ctx.browser);
  await installProbe(context, true);
  const t0 = Date.now();
  const seeded = await seedLibrary(context, ctx.origin, librarySpec(notes));
  logSeeded(notes, seeded, t0);
  const { firstRowMs } = await appSnapshot(context, ctx.origin, 600_000);
  log(`library ${notes}: first boot (no snapshot) first row ${firstRowMs?.toFixed(0) ?? 'n/a'} ms; snapshot written`);
  return { context, seeded, firstBootMs: firstRowMs };
}

/** Starts of the library: `runs` unprofiled, then one under the CPU profiler (for "where the time goes"). */
async function starts(ctx: StageContext, context: BrowserContext, runs: number, label: string, withSearch: boolean) {
  const { first, typed } = queries();
  const out: LibraryStart[] = [];
  const heaps: number[] = [];
  const external: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { page, start } = await startLibrary(context, ctx.origin, first, withSearch ? typed : []);
    out.push(start);
    const heap = await settledHeap(page, 3000);
    if (heap !== null) heaps.push(heap);
    const backing = await backingStorage(page);
    if (backing !== null) external.push(backing);
    await page.close();
    log(
      `${label} start ${i + 1}/${runs}: first row ${start.firstRowMs.toFixed(0)} ms, editable ${start.editableMs.toFixed(0)} ms, first search ${start.firstSearchMs.toFixed(0)} ms, keystrokes median ${quantile(start.keystrokeMs, 0.5).toFixed(1)} ms (${start.keystrokeMs.length} changed the list, ${start.keystrokesUnchanged} not), heap ${((heap ?? 0) / MiB).toFixed(0)} MiB`,
    );
  }
  const page = await context.newPage();
  const stop = await startProfile(page);
  await page.goto(ctx.origin + '/');
  await page.waitForFunction(() => window.__probe.editableAt !== null, undefined, { timeout: 180_000 });
  const startCpu = await stop();
  // The profiled start's own first row and editable (the profile starts just before the navigation): where they fall in it.
  const marks = await page.evaluate(() => ({ firstRow: window.__probe.firstRowAt, editable: window.__probe.editableAt }));
  log(`${label} profiled start: first row ${marks.firstRow?.toFixed(0) ?? 'n/a'} ms, editable ${marks.editable?.toFixed(0) ?? 'n/a'} ms`);
  // BENCH_START_PROFILE=<file>: the start's whole profile (navigation to editable), for DevTools.
  if (process.env.BENCH_START_PROFILE)
    writeFileSync(process.env.BENCH_START_PROFILE.replace(/(\.[^./]*)?$/, `.${label}$1`), JSON.stringify(startCpu));
  const profile: Attribution = ctx.namer.attribute(startCpu, 15);
  // The same page's searches, once start-up's idle work has settled, profiled on their own: where a key's time goes.
  let search: Attribution | null = null;
  let searchTrace: TraceSummary | null = null;
  if (withSearch) {
    await page.waitForTimeout(3000);
    await armSearchProbe(page);
    const stopSearch = await startProfile(page);
    await typeQueries(page, typed);
    const searchCpu = await stopSearch();
    search = ctx.namer.attribute(searchCpu, 25);
    // BENCH_CPU_PROFILE=<file>: the searches' whole profile, for DevTools (Performance > Load profile).
    if (process.env.BENCH_CPU_PROFILE) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(searchCpu));
    // Then traced (not under the profiler): the CPU profile's "(program)" by kind (style, layout, paint).
    searchTrace = await traced(ctx.browser, page, async () => void (await typeQueries(page, typed)));
  }
  await page.close();
  return { out, heaps, external, profile, search, searchTrace };
}

/** The library stage: every `library10k.*` figure, and `library50k.first-row` / `.editable` for growth. */
export async function libraryStage(ctx: StageContext): Promise<StageResult> {
  const notes = Math.round(10_000 * ctx.scale);
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const profiles: StageResult['profiles'] = {};
  const { context, seeded, firstBootMs } = await seededLibrary(ctx, notes);
  try {
    const page = await context.newPage();
    await openUsable(page, ctx.origin, 2000);
    if (!(await searchIndexStored(page, 120_000))) log('library: the search index was not stored within 2 min');
    const stored = await storedBytes(page);
    await page.close();
    const { out, heaps, external, profile, search, searchTrace } = await starts(ctx, context, ctx.runs, 'library10k', true);
    profiles['library10k.start'] = { cpu: profile, trace: null };
    if (search) profiles['library10k.search'] = { cpu: search, trace: searchTrace };
    const all = (f: (s: LibraryStart) => number[]) => out.flatMap(f);
    const keyFrames = all((s) => s.keyFrameMs);
    figures.push(
      limitFigure(
        'library10k.first-row',
        'ms',
        all((s) => [s.firstRowMs]),
        500,
        `${seeded.live} notes, ${seeded.events} events; navigation -> first row painted`,
      ),
      limitFigure(
        'library10k.editable',
        'ms',
        all((s) => [s.editableMs]),
        1000,
        'navigation -> the selected note editable and painted',
      ),
      limitFigure(
        'library10k.search.first',
        'ms',
        all((s) => [s.firstSearchMs]).filter(Number.isFinite),
        100,
        'a query typed as soon as the note is editable: input -> list changed and painted',
      ),
      limitFigure(
        'library10k.search.keystroke',
        'ms',
        all((s) => s.keystrokeMs),
        16,
        `each key of 3 words typed into the box: input -> list changed and painted; ${all((s) => [s.keystrokesUnchanged]).reduce((x, y) => x + y, 0)} keys left the list as it was; keydown -> next frame median ${quantile(keyFrames, 0.5).toFixed(1)} ms, p95 ${quantile(keyFrames, 0.95).toFixed(1)} ms`,
      ),
      limitFigure(
        'library10k.heap',
        'MiB',
        heaps.map((h) => h / MiB),
        150,
        'JS heap after GC, 3 s after the first search (the index built)',
      ),
      limitFigure(
        'library10k.heap.external',
        'MiB',
        external.map((h) => h / MiB),
        null,
        'info: external strings and array buffers beside that heap (backingStorageSize), in memory but not in the heap figure',
      ),
      limitFigure(
        'library10k.idb-bytes-per-note',
        'KB',
        stored.usage === null ? [] : [stored.usage / seeded.live / 1e3],
        null,
        `storage.estimate ${((stored.usage ?? 0) / 1e6).toFixed(0)} MB for ${seeded.live} notes; stored JSON: events ${(stored.eventsJson / 1e6).toFixed(0)} MB, snapshots ${(stored.snapshotsJson / 1e6).toFixed(0)} MB`,
      ),
      limitFigure(
        'library10k.first-boot.first-row',
        'ms',
        firstBootMs === null ? [] : [firstBootMs],
        null,
        'info: the first start after the import, before any snapshot',
      ),
    );
    raw.starts = out;
    raw.stored = stored;
    raw.seeded = seeded;

    if (!skipped('changetail')) await changeTailFigures(ctx, context, out, figures, raw);
    if (!skipped('dashboard')) await dashboardFigures(ctx, context, figures, raw);
    if (!skipped('replay')) await replayFigures(ctx, context, figures, raw);
    if (!skipped('export')) await exportFigures(ctx, context, seeded, notes, figures, raw);
  } finally {
    await context.close();
  }

  // BENCH_LIBRARY_UPGRADE_FROM=<git rev>: the same library seeded and snapshotted by that build, then opened by this one.
  const upgradeFrom = process.env.BENCH_LIBRARY_UPGRADE_FROM;
  if (upgradeFrom) {
    try {
      Object.assign(profiles, await upgradeFigures(ctx, librarySpec(notes), upgradeFrom, figures, raw));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`upgrade from ${upgradeFrom}: not measured: ${reason}`);
      figures.push(limitFigure('library10k.upgrade.notes-lost', 'differences', [], 0, `not measured: ${reason}`));
    }
  }

  if (!skipped('newdevice')) await newDeviceFigures(ctx, notes, figures, raw);

  const big = Math.round(50_000 * ctx.scale);
  if (!skipped('nosnapshot')) {
    try {
      await noSnapshotFigures(ctx, big, figures, raw);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`library ${big} without a snapshot: not measured: ${reason}`);
      figures.push(limitFigure('library50k.no-snapshot.failed-starts', 'starts', [], 0, `not measured: ${reason}`));
    }
  }
  // BENCH_LIBRARY_GROWTH=0 leaves the 50,000-note library out (quick checks of the 10,000-note figures).
  if (process.env.BENCH_LIBRARY_GROWTH === '0') return { figures, raw, profiles };
  try {
    await growthFigures(ctx, big, figures, raw);
  } catch (error) {
    // The 10,000-note figures stand; the growth figure says why it is missing.
    const reason = error instanceof Error ? error.message : String(error);
    log(`library ${big}: not measured: ${reason}`);
    figures.push(limitFigure('library50k.first-row', 'ms', [], 500, `not measured: ${reason}`));
  }
  return { figures, raw, profiles };
}

/** The type of the newest stored event of the page's log (read beside the app), or null. */
function newestStoredType(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const req = indexedDB.open('notepad-log');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const cursor = db.transaction('events').objectStore('events').openCursor(null, 'prev');
          cursor.onsuccess = () => (db.close(), resolve((cursor.result?.value as { type?: string } | undefined)?.type ?? null));
          cursor.onerror = () => (db.close(), reject(cursor.error));
        };
      }),
  );
}

/**
 * `library10k.editable.change-tail`: the starts of `library10k.editable` again after a word typed into the
 * selected note, so the log after the snapshot holds a `note.changed` and start-up loads Yjs to fold it
 * (docs/architecture.md "Saves as changes"), against `before` (the same starts without one).
 */
async function changeTailFigures(
  ctx: StageContext,
  context: BrowserContext,
  before: LibraryStart[],
  figures: Figure[],
  raw: Record<string, unknown>,
): Promise<void> {
  const page = await context.newPage();
  await openUsable(page, ctx.origin, 2000);
  await page.locator('.bn-editor[contenteditable=true] p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' tail', { delay: 40 });
  const deadline = Date.now() + 60_000;
  let type = await newestStoredType(page);
  while (type !== 'note.changed' && Date.now() < deadline) {
    await page.waitForTimeout(500);
    type = await newestStoredType(page);
  }
  await page.close();
  if (type !== 'note.changed') {
    log(`change tail: no note.changed stored within 60 s (newest ${type ?? 'none'})`);
    return;
  }
  const { first } = queries();
  const out: LibraryStart[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const started = await startLibrary(context, ctx.origin, first, []);
    out.push(started.start);
    await started.page.close();
    log(
      `library10k start with a change in the tail ${i + 1}/${ctx.runs}: first row ${started.start.firstRowMs.toFixed(0)} ms, editable ${started.start.editableMs.toFixed(0)} ms`,
    );
  }
  const median = (xs: number[]) => quantile(xs, 0.5);
  const ratio = median(out.map((s) => s.editableMs)) / median(before.map((s) => s.editableMs));
  figures.push(
    limitFigure(
      'library10k.editable.change-tail',
      'ms',
      out.map((s) => s.editableMs),
      null,
      `info: a note.changed after the snapshot (Yjs loads at start-up); ${ratio.toFixed(2)}x library10k.editable's median without one`,
    ),
    limitFigure(
      'library10k.first-row.change-tail',
      'ms',
      out.map((s) => s.firstRowMs),
      null,
      'info: the same starts, first row',
    ),
  );
  raw.changeTail = out;
}

/**
 * `library50k.no-snapshot.*`: the 50,000-note library written at once, no snapshot, and opened
 * with every snapshot deleted before each start (the app writes one after the first): a start that
 * folds the whole log (docs/architecture.md "Start-up order"), with its time and heap.
 */
async function noSnapshotFigures(ctx: StageContext, notes: number, figures: Figure[], raw: Record<string, unknown>): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'notepad-nosnapshot-'));
  const context = await diskContext(profile);
  try {
    await installProbe(context, true);
    const t0 = Date.now();
    const seeded = await seedLibrary(context, ctx.origin, librarySpec(notes));
    logSeeded(notes, seeded, t0);
    const runs: ColdStart[] = [];
    const mib = (b: number | null) => (b === null ? 'n/a' : `${(b / MiB).toFixed(0)} MiB`);
    for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
      await dropSnapshots(context, ctx.origin);
      const run = await coldStart(context, ctx.origin, 900_000, `nosnapshot-${i + 1}`);
      runs.push(run);
      log(
        `library ${notes} without a snapshot, start ${i + 1}: ${run.failed ?? 'opened'}; first row ${run.firstRowMs?.toFixed(0) ?? 'n/a'} ms, editable ${run.editableMs?.toFixed(0) ?? 'n/a'} ms, peak heap ${mib(run.peakHeap)}, heap after GC ${mib(run.settledHeap)}`,
      );
      if (run.failed) break;
    }
    // The same log started from the snapshot the app writes: the heap a start without one should come down to.
    let fromSnapshot: ColdStart | null = null;
    if (runs.every((r) => r.failed === null)) {
      await appSnapshot(context, ctx.origin, 900_000);
      fromSnapshot = await coldStart(context, ctx.origin, 900_000, 'withsnapshot');
      log(`library ${notes} from its snapshot: ${fromSnapshot.failed ?? 'opened'}; heap after GC ${mib(fromSnapshot.settledHeap)}`);
    }
    const ok = runs.filter((r) => r.failed === null);
    const of = (f: (r: ColdStart) => number | null, scale = 1) => ok.flatMap((r) => (f(r) === null ? [] : [f(r)! / scale]));
    const shape = `${seeded.live} notes, ${seeded.events} events, ${(seeded.bytes / 1e6).toFixed(0)} MB of JSON, no snapshot`;
    figures.push(
      limitFigure(
        'library50k.no-snapshot.failed-starts',
        'starts',
        [runs.length - ok.length],
        0,
        `${shape}; ${runs.map((r) => r.failed ?? 'opened').join(', ')}`,
      ),
      limitFigure(
        'library50k.no-snapshot.first-row',
        'ms',
        of((r) => r.firstRowMs),
        null,
        'info: navigation -> list shown',
      ),
      limitFigure(
        'library50k.no-snapshot.editable',
        'ms',
        of((r) => r.editableMs),
        null,
        'info: navigation -> the selected note editable',
      ),
      limitFigure(
        'library50k.no-snapshot.peak-heap',
        'MiB',
        of((r) => r.peakHeap, MiB),
        null,
        'info: highest JS heap sampled every 500 ms during the start',
      ),
      limitFigure(
        'library50k.no-snapshot.heap',
        'MiB',
        of((r) => r.settledHeap, MiB),
        null,
        'info: JS heap after GC, 3 s after editable',
      ),
      limitFigure(
        'library50k.no-snapshot.heap.from-snapshot',
        'MiB',
        fromSnapshot?.settledHeap == null ? [] : [fromSnapshot.settledHeap / MiB],
        null,
        'info: the same log started from the snapshot the app wrote, heap after GC',
      ),
    );
    raw.noSnapshot = { seeded, runs, fromSnapshot };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** BENCH_LIBRARY_SKIP (comma list of changetail, dashboard, replay, export, newdevice, nosnapshot) leaves those figures out, for quick checks. */
function skipped(part: string): boolean {
  return (process.env.BENCH_LIBRARY_SKIP ?? '').split(',').some((s) => s.trim() === part);
}

/** `library10k.dashboard.*`: the first open after the import, then `ctx.runs` opens in new pages. */
async function dashboardFigures(ctx: StageContext, context: BrowserContext, figures: Figure[], raw: Record<string, unknown>) {
  // The first open after the import reads every note; it stores their counts for the opens after it.
  const firstPage = await context.newPage();
  await openUsable(firstPage, ctx.origin, 3000);
  const firstDashboard = await dashboardRun(firstPage);
  await firstPage.close();
  log(`dashboard first open ${firstDashboard.openMs.toFixed(0)} ms`);
  const dashboards: DashboardRun[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const p = await context.newPage();
    await openUsable(p, ctx.origin, 3000);
    dashboards.push(await dashboardRun(p));
    await p.close();
    log(
      `dashboard run ${i + 1}/${ctx.runs}: open ${dashboards[i].openMs.toFixed(0)} ms, follow ${dashboards[i].followMs.map((m) => m.toFixed(0)).join(', ')} ms`,
    );
  }
  figures.push(
    limitFigure(
      'library10k.dashboard.open',
      'ms',
      dashboards.map((d) => d.openMs).filter(Number.isFinite),
      500,
      'click Analytics -> its figures painted, in a new page, after an earlier open stored the counts',
    ),
    limitFigure(
      'library10k.dashboard.first-open',
      'ms',
      [firstDashboard.openMs].filter(Number.isFinite),
      null,
      'info: the first open after the import (every note read, its chunk loaded)',
    ),
    limitFigure(
      'library10k.dashboard.follow',
      'ms',
      dashboards.flatMap((d) => d.followMs).filter(Number.isFinite),
      100,
      'star/unstar in the sidebar beside it -> dashboard changed and painted',
    ),
  );
  raw.dashboards = { first: firstDashboard, runs: dashboards };
}

/** `library10k.replay.*`: the whole current log replayed in new pages. */
async function replayFigures(ctx: StageContext, context: BrowserContext, figures: Figure[], raw: Record<string, unknown>) {
  const replays: ReplayRun[] = [];
  for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
    const p = await context.newPage();
    await openUsable(p, ctx.origin, 3000);
    replays.push(await replayRun(p, 20));
    await p.close();
    const r = replays[i];
    log(
      `replay run ${i + 1}: ${r.events} events, ready ${r.readyMs.toFixed(0)} ms, timeline ${r.timelineMs.toFixed(0)} ms, step median ${quantile(r.stepMs, 0.5).toFixed(0)} ms, jump median ${quantile(r.jumpMs, 0.5).toFixed(0)} ms`,
    );
  }
  figures.push(
    limitFigure(
      'library10k.replay.ready',
      'ms',
      replays.map((r) => r.readyMs),
      1000,
      `Replay event log (${replays[0]?.events ?? 0} events) -> last step shown (the current state, while the events are read)`,
    ),
    limitFigure(
      'library10k.replay.timeline',
      'ms',
      replays.map((r) => r.timelineMs),
      null,
      'info: Replay event log -> every event listed, the step controls enabled',
    ),
    limitFigure(
      'library10k.replay.step',
      'ms',
      replays.flatMap((r) => r.stepMs),
      50,
      '20 single steps back from the end once the timeline is listed, each click -> view painted',
    ),
    limitFigure(
      'library10k.replay.jump',
      'ms',
      replays.flatMap((r) => r.jumpMs),
      200,
      'slider to 10%, 50%, 90%, 30% -> view painted',
    ),
  );
  raw.replays = replays;
}

/** `library10k.export.*`: export every note of the library. */
async function exportFigures(
  ctx: StageContext,
  context: BrowserContext,
  seeded: LibrarySeeded,
  notes: number,
  figures: Figure[],
  raw: Record<string, unknown>,
) {
  log(`export of the ${notes}-note library`);
  const exported = await measureExport(ctx.browser, ctx.origin, seeded.live, Math.min(ctx.runs, 3), false, context);
  figures.push(
    limitFigure(
      'library10k.export',
      'ms',
      exported.runs.map((x) => x.ms),
      30_000,
      `${seeded.live} notes; click -> download starts; zip ${(exported.runs[0]?.zipBytes ?? 0) / 1e6} MB`,
    ),
    limitFigure(
      'library10k.export.peak-heap',
      'MiB',
      exported.retained?.peakBytes ? [exported.retained.peakBytes / MiB] : [],
      null,
      `highest heap after GC during the export; ${((exported.retained?.beforeBytes ?? 0) / MiB).toFixed(0)} MiB before it`,
    ),
  );
  raw.export = exported;
}

/** `library10k.newdevice`: a new device of a 10,000-note account signs in. */
async function newDeviceFigures(ctx: StageContext, notes: number, figures: Figure[], raw: Record<string, unknown>) {
  // A new device of a 10,000-note account, as the sync stage measures it (bench/lib/sync/newDevice.ts), with end-to-end encryption.
  const host = await startBenchHost(ctx.distDir);
  try {
    const account = await seedAccount(host.origin, benchEmail('library-newdevice'), notes, Math.round(500 * ctx.scale));
    log(`new device: account of ${notes} notes, ${account.events} events, checkpoint at ${account.checkpointSeq}, head ${account.head}`);
    const runs: NewDeviceRun[] = [];
    for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
      runs.push(await newDeviceRun(ctx.browser, host.origin, account.email, notes));
      log(
        `new device run ${i + 1}: ${runs[i].seconds.toFixed(2)} s (list ${runs[i].listSeconds.toFixed(2)} s), ${(runs[i].downloadBytes / 1e6).toFixed(2)} MB down`,
      );
    }
    figures.push(
      limitFigure(
        'library10k.newdevice',
        'ms',
        runs.map((r) => r.seconds * 1000).filter(Number.isFinite),
        3000,
        `sign-in click -> all ${notes} notes listed and "Synced at" (sealed checkpoint + ${account.head - account.checkpointSeq} events after it; the sync stage's account seed)`,
      ),
    );
    raw.newDevice = { account, runs: runs.map(({ calls: _calls, ...r }) => r) };
    // The same account's device started again from its own snapshot: what a signed-in person's every start costs.
    const reloads = await syncedReloads(ctx.browser, host.origin, account.email, Math.min(ctx.runs, 3));
    for (const [i, r] of reloads.entries())
      log(`synced device start ${i + 1}: editable ${r.editableMs.toFixed(0)} ms, heap ${((r.heap ?? 0) / MiB).toFixed(1)} MiB`);
    figures.push(
      limitFigure(
        'library10k.synced.editable',
        'ms',
        reloads.map((r) => r.editableMs),
        null,
        'info: a signed-in device of that account opened again (its own snapshot): navigation -> the selected note editable and painted',
      ),
      limitFigure(
        'library10k.synced.heap',
        'MiB',
        reloads.flatMap((r) => (r.heap === null ? [] : [r.heap / MiB])),
        null,
        'info: JS heap after GC, 3 s after that start is editable',
      ),
    );
    raw.syncedReloads = reloads;
    if (process.env.BENCH_PROFILE) {
      // One more run, profiled (its time is not a measurement): where the main thread's time went.
      const diagnosed = await newDeviceRun(ctx.browser, host.origin, account.email, notes, ctx.namer);
      log(`new device, profiled run: ${diagnosed.seconds.toFixed(2)} s (list ${diagnosed.listSeconds.toFixed(2)} s)`);
      for (const f of diagnosed.profile?.topFunctions ?? []) log(`  ${f.ms.toFixed(0).padStart(6)} ms  ${f.name}`);
    }
  } catch (error) {
    log(`new device: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await host.stop();
  }
}

/**
 * The library of `notes` notes written in GROWTH_SLICES slices, the app opened after each to fold it
 * and write its snapshot, as a library that grew in use has one every 500 events. Written at once, the
 * 50,000-note log (150,000 events, 2.7 GB of JSON) is a first start without any snapshot: the app reads
 * every event at once, and the page runs out of memory (docs/benchmarks.md "Library figures").
 */
async function seededInSlices(
  ctx: StageContext,
  notes: number,
  context: BrowserContext,
): Promise<{ context: BrowserContext; seeded: LibrarySeeded; firstBootMs: number | null }> {
  const spec = librarySpec(notes);
  const total = libraryEventCount(spec);
  await installProbe(context, true);
  let seeded: LibrarySeeded | null = null;
  let bytes = 0;
  let snapshotSeq = 0;
  let firstBootMs: number | null = null;
  const t0 = Date.now();
  for (let k = 0; k < GROWTH_SLICES; k++) {
    const slice = { from: 1 + Math.floor((k * total) / GROWTH_SLICES), to: 1 + Math.floor(((k + 1) * total) / GROWTH_SLICES) };
    seeded = await seedLibrary(context, ctx.origin, { ...spec, slice });
    bytes += seeded.bytes;
    const boot = await appSnapshot(context, ctx.origin, 600_000, snapshotSeq);
    snapshotSeq = boot.snapshotSeq;
    firstBootMs = boot.firstRowMs;
    log(
      `library ${notes}: slice ${k + 1}/${GROWTH_SLICES} (events ${slice.from}-${slice.to - 1}) seeded and folded, snapshot at ${snapshotSeq}, first row ${firstBootMs?.toFixed(0) ?? 'n/a'} ms`,
    );
  }
  const all = { ...seeded!, bytes };
  logSeeded(notes, all, t0);
  return { context, seeded: all, firstBootMs };
}

/** Slices the 50,000-note library is written in (see seededInSlices). */
const GROWTH_SLICES = 5;

/** The 50,000-note library's starts (`library50k.*`), for the growth from 10,000. */
async function growthFigures(ctx: StageContext, big: number, figures: Figure[], raw: Record<string, unknown>): Promise<void> {
  // About 2.2 GB stored: more than an in-memory context may hold, so this library's profile is on disk.
  const profile = mkdtempSync(join(tmpdir(), 'notepad-library50k-'));
  const context = await diskContext(profile);
  try {
    const growth = await seededInSlices(ctx, big, context);
    const { out, heaps } = await starts(ctx, growth.context, Math.min(ctx.runs, 3), 'library50k', false);
    const firstRows = out.map((s) => s.firstRowMs);
    figures.push(
      limitFigure('library50k.first-row', 'ms', firstRows, 500, `${growth.seeded.live} notes, ${growth.seeded.events} events`),
      limitFigure(
        'library50k.editable',
        'ms',
        out.map((s) => s.editableMs),
        null,
        'info',
      ),
      limitFigure(
        'library50k.heap',
        'MiB',
        heaps.map((h) => h / MiB),
        null,
        'info',
      ),
    );
    raw.growth = { seeded: growth.seeded, starts: out, heaps };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
