/**
 * The library stage's update part (`BENCH_LIBRARY_UPGRADE_FROM=<git rev>`, docs/benchmarks.md "Library
 * figures"): the 10,000-note library as an older build seeded, opened and snapshotted it, then the
 * first starts of this build on that build's snapshot, the one-off snapshot it writes, the starts
 * after it, and whether every note and its history is still there.
 */
import { writeFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { newContext } from './browser';
import { buildRevision } from './oldBuild';
import { installProbe } from './probes';
import { appSnapshot } from './seed';
import { BLANK_PATH, serveStatic, type StaticServer } from './server';
import { limitFigure, ratioFigure, type Figure } from './report';
import type { StageContext, StageResult } from './stages';
import { FrameNamer, type CpuProfile } from './profile';
import type { LibrarySpec } from './librarySeed';
import { searchIndexStored, seedLibrary } from './figures/library';
import { openUsable } from './figures/libraryViews';
import { newestSnapshot } from './figures/upgrade';
import { installSnapshotWriteProbe, libraryCensus, upgradeStart, type LibraryCensus, type UpgradeStart } from './figures/upgradeStart';

const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
/** Rows of the list whose history is compared before and after the update (besides the selected note). */
const CENSUS_ROWS = 3;

/** The writer (build id) and seq of the newest whole snapshot stored in `context`'s log, read from a blank page of `origin`. */
async function newestWriter(context: BrowserContext, origin: string): Promise<{ writer: string | null; seq: number } | null> {
  const page = await context.newPage();
  try {
    await page.goto(origin + BLANK_PATH);
    const newest = await newestSnapshot(page);
    return newest && { writer: newest.writer, seq: newest.seq };
  } finally {
    await page.close();
  }
}

/** `runs` starts closed at editable, logged as `label`. */
async function plainStarts(context: BrowserContext, origin: string, runs: number, label: string): Promise<UpgradeStart[]> {
  const out: UpgradeStart[] = [];
  for (let i = 0; i < runs; i++) {
    out.push(await upgradeStart(context, origin, false));
    log(`${label} start ${i + 1}/${runs}: first row ${out[i].firstRowMs.toFixed(0)} ms, editable ${out[i].editableMs.toFixed(0)} ms`);
  }
  return out;
}

/** Open the app until it is usable and its search index stored (a first session's idle work), then count what it shows. */
async function settledCensus(context: BrowserContext, origin: string): Promise<LibraryCensus> {
  const page = await context.newPage();
  try {
    await openUsable(page, origin, 2000);
    if (!(await searchIndexStored(page, 120_000))) log('upgrade: the search index was not stored within 2 min');
    return await libraryCensus(page, CENSUS_ROWS);
  } finally {
    await page.close();
  }
}

/** BENCH_START_PROFILE=<file>: `cpu` written beside it, named `.label` before its extension (as the stage's starts are). */
function keepProfile(label: string, cpu: CpuProfile | undefined, namer: FrameNamer, profiles: StageResult['profiles']): void {
  const file = process.env.BENCH_START_PROFILE;
  if (!file || !cpu) return;
  writeFileSync(file.replace(/(\.[^./]*)?$/, `.${label}$1`), JSON.stringify(cpu));
  profiles[`library10k.${label}`] = { cpu: namer.attribute(cpu, 15), trace: null };
}

/** What differs between two censuses, in words (empty: nothing). */
function differences(before: LibraryCensus, after: LibraryCensus): string[] {
  const out: string[] = [];
  if (before.notes !== after.notes) out.push(`notes ${before.notes} -> ${after.notes}`);
  if (before.starred !== after.starred) out.push(`starred ${before.starred} -> ${after.starred}`);
  for (const [id, n] of Object.entries(before.histories))
    if (after.histories[id] !== n) out.push(`history of ${id}: ${n} -> ${after.histories[id] ?? 'not listed'}`);
  return out;
}

/**
 * `library10k.upgrade.*`: build `rev` (oldBuild.ts) and serve it on a port of its own (BENCH_PORT + 1,
 * or any free one), in a context without service workers (the old build's would keep serving it);
 * seed the library `spec` from its seeding page, let it fold the log and write its snapshot, settle
 * a session, count notes and histories, and start it `ctx.runs` times. Then serve this build's
 * dist on the same port (same origin, same IndexedDB): `ctx.runs` first starts, each closed at
 * editable (which aborts the snapshot write under way) except the last, kept open until its
 * snapshot is stored; fewer when one stored it before editable. Then a settled session, the starts
 * from this build's own snapshot, and the count again. With BENCH_START_PROFILE, one more start of
 * the old build and one more first start (before the measured ones, closed at editable) are
 * profiled, and the last first start from editable to its snapshot stored: resolves with their
 * attributions, for "where the time goes".
 */
export async function upgradeFigures(
  ctx: StageContext,
  spec: LibrarySpec,
  rev: string,
  figures: Figure[],
  raw: Record<string, unknown>,
): Promise<StageResult['profiles']> {
  const profiles: StageResult['profiles'] = {};
  const profiling = !!process.env.BENCH_START_PROFILE;
  const old = buildRevision(rev);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : 0;
  let server: StaticServer = await serveStatic(old.dist, port);
  const origin = server.origin;
  const context = await newContext(ctx.browser, 'block');
  try {
    await installProbe(context, true);
    await installSnapshotWriteProbe(context);
    const t0 = Date.now();
    const seeded = await seedLibrary(context, origin, spec);
    log(`upgrade from ${rev}: seeded ${seeded.events} events, ${seeded.live} notes in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const boot = await appSnapshot(context, origin, 600_000);
    log(`upgrade from ${rev}: its first boot, first row ${boot.firstRowMs?.toFixed(0) ?? 'n/a'} ms; its snapshot at ${boot.snapshotSeq}`);
    const censusBefore = await settledCensus(context, origin);
    const oldSnapshot = await newestWriter(context, origin);
    log(
      `upgrade from ${rev}: ${censusBefore.notes} notes, histories ${JSON.stringify(censusBefore.histories)}; snapshot ${JSON.stringify(oldSnapshot)}`,
    );
    const before = await plainStarts(context, origin, ctx.runs, `${rev} on its own snapshot,`);
    if (profiling)
      keepProfile('upgrade-before', (await upgradeStart(context, origin, false, 'start')).cpu, new FrameNamer(old.dist), profiles);

    await server.close();
    server = await serveStatic(ctx.distDir, Number(new URL(origin).port));
    if (profiling) {
      const profiled = await upgradeStart(context, origin, false, 'start');
      keepProfile('upgrade-first', profiled.cpu, ctx.namer, profiles);
      if (profiled.write)
        log('upgrade: the profiled first start stored its snapshot before editable: the starts below are not first starts');
    }
    const first: UpgradeStart[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const last = i === ctx.runs - 1;
      const { cpu, ...start } = await upgradeStart(context, origin, last, last && profiling ? 'rewrite' : undefined);
      keepProfile('upgrade-rewrite', cpu, ctx.namer, profiles);
      first.push(start);
      log(
        `first start after the update ${i + 1}/${ctx.runs}: first row ${start.firstRowMs.toFixed(0)} ms, editable ${start.editableMs.toFixed(0)} ms${start.write ? `, snapshot written ${start.write.startMs.toFixed(0)}-${start.write.endMs.toFixed(0)} ms, longest task ${start.longestTaskMs.toFixed(0)} ms` : ''}`,
      );
      if (start.write) break;
    }
    const rewrite = first.at(-1)!;
    const newSnapshot = await newestWriter(context, origin);
    const replaced = !!newSnapshot && newSnapshot.writer !== oldSnapshot?.writer;
    log(`upgrade: newest snapshot now ${JSON.stringify(newSnapshot)} (${replaced ? 'this build' : 'STILL THE OLD BUILD'}'s)`);
    const censusSettled = await settledCensus(context, origin);
    const after = await plainStarts(context, origin, ctx.runs, 'this build on its own snapshot,');
    const censusAfter = await settledCensus(context, origin);
    const lost = [...differences(censusBefore, censusSettled), ...differences(censusBefore, censusAfter)];

    const of = (xs: UpgradeStart[], f: (s: UpgradeStart) => number) => xs.map(f);
    // `starts` of this build against the old build's own (`before`): first row and editable, each as a ratio.
    const versusBefore = (label: 'first' | 'after', starts: UpgradeStart[], note: string) => [
      ratioFigure(
        `library10k.upgrade.${label}.first-row`,
        'ms',
        of(starts, (s) => s.firstRowMs),
        of(before, (s) => s.firstRowMs),
        1.1,
        note,
      ),
      ratioFigure(
        `library10k.upgrade.${label}.editable`,
        'ms',
        of(starts, (s) => s.editableMs),
        of(before, (s) => s.editableMs),
        1.1,
        'the same starts, editable',
      ),
    ];
    const shape = `${seeded.live} notes, ${seeded.events} events; from ${rev} (${old.commit.slice(0, 7)})`;
    const write = rewrite.write;
    figures.push(
      limitFigure(
        'library10k.upgrade.before.first-row',
        'ms',
        of(before, (s) => s.firstRowMs),
        null,
        `info: ${shape}, its own starts on its own snapshot`,
      ),
      limitFigure(
        'library10k.upgrade.before.editable',
        'ms',
        of(before, (s) => s.editableMs),
        null,
        'info: the same starts, editable',
      ),
      ...versusBefore('first', first, "this build's first starts on the old build's snapshot; baseline: .before"),
      limitFigure(
        'library10k.upgrade.rewrite',
        'ms',
        write ? [Math.max(0, write.endMs - rewrite.editableMs)] : [],
        null,
        write
          ? `info: editable -> this build's first snapshot stored (written ${write.startMs.toFixed(0)}-${write.endMs.toFixed(0)} ms after navigation, editable at ${rewrite.editableMs.toFixed(0)}); newest snapshot ${replaced ? "this build's" : 'STILL THE OLD ONE'}`
          : 'no snapshot written',
      ),
      limitFigure(
        'library10k.upgrade.rewrite.longest-task',
        'ms',
        write ? [rewrite.longestTaskMs] : [],
        null,
        `info: the longest task from editable until that snapshot is stored; longest animation frame ${rewrite.longestFrameMs.toFixed(0)} ms`,
      ),
      ...versusBefore('after', after, "this build's starts on its own snapshot; baseline: .before"),
      limitFigure(
        'library10k.upgrade.notes-lost',
        'differences',
        [lost.length + (replaced ? 0 : 1)],
        0,
        `${censusBefore.notes} notes (${censusBefore.starred} starred) before; after the first start ${censusSettled.notes}, after the next ${censusAfter.notes}; histories of ${Object.keys(censusBefore.histories).length} notes (${Object.values(censusBefore.histories).join(', ')} entries) compared${lost.length ? `: ${lost.join('; ')}` : ''}${replaced ? '' : "; this build's snapshot was never stored"}`,
      ),
    );
    raw.upgrade = {
      rev,
      commit: old.commit,
      seeded,
      before,
      first,
      after,
      censusBefore,
      censusSettled,
      censusAfter,
      oldSnapshot,
      newSnapshot,
    };
    return profiles;
  } finally {
    await context.close();
    await server.close();
  }
}
