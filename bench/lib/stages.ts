import type { Browser } from '@playwright/test';
import { DOC2, paragraphDoc } from './corpus';
import { editorRun, notePadEditorContext } from './figures/editor';
import { diagnoseEditors, diagnoseLoads, type Diagnosis } from './figures/profiles';
import { chunkSizes, coldLoad, extraBytesBySource } from './figures/load';
import { measureStartup } from './figures/startup';
import { measureList } from './figures/list';
import { measureGrowth } from './figures/growth';
import { measureExport } from './figures/exportAll';
import type { FrameNamer } from './profile';
import { limitFigure, ratioFigure, type Figure } from './report';
import { quantile } from './stats';

/** What every stage needs. `scale` < 1 shrinks the data sets for quick checks (targets are for 1). */
export interface StageContext {
  browser: Browser;
  origin: string;
  distDir: string;
  namer: FrameNamer;
  runs: number;
  scale: number;
}

/** A stage's figures, its raw measurements (for latest.json) and the CPU profiles taken. */
export interface StageResult {
  figures: Figure[];
  raw: unknown;
  profiles: Record<string, Diagnosis>;
}

const KB = 1024;
const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);

/** Typing (2 and 5,000 blocks), heap and autosave: NotePad and baseline interleaved run by run. */
export async function editorStage(ctx: StageContext): Promise<StageResult> {
  const doc5000 = paragraphDoc(Math.round(5000 * ctx.scale), 12, 5);
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const profiles: Record<string, Diagnosis> = {};
  for (const [label, doc, ratio] of [
    ['2blocks', DOC2, 1.05],
    ['5000blocks', doc5000, 0.9],
  ] as const) {
    const big = doc !== DOC2;
    const np = await notePadEditorContext(ctx.browser, ctx.origin, doc);
    const runs: { notepad: Awaited<ReturnType<typeof editorRun>>[]; baseline: Awaited<ReturnType<typeof editorRun>>[] } = {
      notepad: [],
      baseline: [],
    };
    for (let i = 0; i < ctx.runs; i++) {
      runs.notepad.push(await editorRun(ctx.browser, ctx.origin, 'notepad', doc, np, big));
      runs.baseline.push(await editorRun(ctx.browser, ctx.origin, 'baseline', doc, null, false));
      log(
        `typing ${label} run ${i + 1}/${ctx.runs}: NotePad ${quantile(runs.notepad[i].keyMs, 0.5).toFixed(1)} ms, baseline ${quantile(runs.baseline[i].keyMs, 0.5).toFixed(1)} ms per key`,
      );
    }
    await np.close();
    raw[label] = runs;
    const per = (side: typeof runs.notepad, q: number) => side.map((r) => quantile(r.keyMs, q));
    figures.push(
      ratioFigure(
        `typing.${label}.median`,
        'ms',
        per(runs.notepad, 0.5),
        per(runs.baseline, 0.5),
        ratio,
        'per key, keydown -> next frame; median of per-run medians',
      ),
    );
    figures.push(
      ratioFigure(`typing.${label}.p95`, 'ms', per(runs.notepad, 0.95), per(runs.baseline, 0.95), ratio, 'per key; median of per-run p95'),
    );
    const drafts = runs.notepad.map((r) => r.drafts).filter((d): d is NonNullable<typeof d> => !!d);
    figures.push(
      limitFigure(
        `typing.draft.${label}.longest`,
        'ms',
        drafts.map((d) => d.longestMs),
        null,
        `the typed-text draft's capture and write while typing (0: none; none above DRAFT_MAX_CHARS); per run ${drafts
          .map((d) => `${d.count} drafts, median ${d.medianMs.toFixed(1)} ms, ${d.chars} chars`)
          .join('; ')}`,
      ),
    );
    if (big) {
      const saves = runs.notepad.map((r) => r.autosave).filter((a): a is NonNullable<typeof a> => !!a);
      figures.push(
        limitFigure(
          'autosave.5000blocks.longest-task',
          'ms',
          saves.map((a) => a.longestTaskMs),
          50,
          `longest task or rendering step (Long Tasks + Long Animation Frames APIs, >= 50 ms; 0 = none) in the 4 s after the last key; per run ${saves
            .map((a) => `${a.longestScriptTaskMs.toFixed(0)}/${a.longestRenderMs.toFixed(0)}`)
            .join(', ')} ms (task/rendering); ${saves.length}/${runs.notepad.length} saves seen`,
        ),
      );
      const models = runs.notepad.map((r) => r.model).filter((m): m is NonNullable<typeof m> => !!m);
      figures.push(
        limitFigure(
          'changes.model.5000blocks.longest-slice',
          'ms',
          models.map((m) => m.longestSliceMs),
          50,
          `making the change model after the note opened, in background slices: built in ${models
            .map((m) => `${m.buildMs.toFixed(0)} ms/${m.slices} slices`)
            .join(
              ', ',
            )}; longest long task meanwhile (any cause) ${models.map((m) => m.longestTaskMs.toFixed(0)).join(', ')} ms; ready before typing ${
            models.filter((m) => m.readyBeforeTyping).length
          }/${models.length}, before the autosave ${models.filter((m) => m.readyBeforeSave).length}/${models.length}; ${models.length}/${runs.notepad.length} made`,
        ),
      );
      const heap = (side: typeof runs.notepad) => side.map((r) => (r.heapBytes ?? Number.NaN) / KB / KB).filter((x) => !Number.isNaN(x));
      figures.push(
        ratioFigure('memory.heap.5000blocks', 'MiB', heap(runs.notepad), heap(runs.baseline), 1.5, 'usedJSHeapSize after gc(), note open'),
      );
    }
    Object.assign(profiles, await diagnoseEditors(ctx, doc, label, big));
  }
  return { figures, raw, profiles };
}

/** Cold load to an editable editor, first contentful paint, and the initial JS per chunk. */
export async function loadStage(ctx: StageContext): Promise<StageResult> {
  const runs = { notepad: [] as Awaited<ReturnType<typeof coldLoad>>[], baseline: [] as Awaited<ReturnType<typeof coldLoad>>[] };
  for (let i = 0; i < ctx.runs; i++) {
    runs.notepad.push(await coldLoad(ctx.browser, ctx.origin, 'notepad', DOC2));
    runs.baseline.push(await coldLoad(ctx.browser, ctx.origin, 'baseline', DOC2));
    log(
      `cold load run ${i + 1}/${ctx.runs}: NotePad ${runs.notepad[i].editableMs.toFixed(0)} ms, baseline ${runs.baseline[i].editableMs.toFixed(0)} ms`,
    );
  }
  // Which scripts start before the editable frame varies from run to run (a late frame lets idle-time
  // preloads in): every run is counted and the median run's chunks are printed, with the range.
  const perRun = runs.notepad.map((r, i) => ({
    notepad: chunkSizes(ctx.distDir, r.jsFiles),
    baseline: chunkSizes(ctx.distDir, runs.baseline[i].jsFiles),
  }));
  const extras = perRun.map((p) => (p.notepad.gzip - p.baseline.gzip) / KB);
  const mid = extras.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0])[Math.floor((extras.length - 1) / 2)][1];
  const sizes = perRun[mid];
  console.log(`\n  Initial JS per chunk (requested before the editor was editable; run ${mid + 1}, the median of the runs):`);
  for (const side of ['notepad', 'baseline'] as const) {
    for (const c of sizes[side].chunks)
      console.log(
        `    ${side.padEnd(8)} ${c.file.padEnd(34)} ${(c.raw / KB).toFixed(1).padStart(8)} KiB raw ${(c.gzip / KB).toFixed(1).padStart(7)} KiB gzip`,
      );
    console.log(
      `    ${side.padEnd(8)} ${'TOTAL'.padEnd(34)} ${(sizes[side].raw / KB).toFixed(1).padStart(8)} KiB raw ${(sizes[side].gzip / KB).toFixed(1).padStart(7)} KiB gzip`,
    );
  }
  const later = [...new Set(runs.notepad.flatMap((r) => r.laterJsFiles))].sort();
  if (later.length) console.log(`  NotePad JS requested after the editable frame (not counted): ${later.join(', ')}`);
  const bySource = extraBytesBySource(ctx.distDir, runs.notepad[mid].jsFiles, runs.baseline[mid].jsFiles);
  console.log(
    '  NotePad-only chunks by source (raw KiB): ' +
      bySource
        .slice(0, 14)
        .map((b) => `${b.source} ${(b.bytes / KB).toFixed(1)}`)
        .join(', '),
  );
  const extra = (sizes.notepad.gzip - sizes.baseline.gzip) / KB;
  const jsFigure: Figure = {
    name: 'js.initial.gzip',
    unit: 'KiB',
    notepad: null,
    baseline: null,
    value: extra,
    display: `+${extra.toFixed(1)} KiB`,
    target: '<= +40 KiB',
    pass: extra <= 40,
    note: `median of ${extras.length} runs [+${Math.min(...extras).toFixed(1)} to +${Math.max(...extras).toFixed(1)}]; that run: NotePad ${(sizes.notepad.gzip / KB).toFixed(1)} KiB gzip (${(sizes.notepad.raw / KB).toFixed(1)} raw), baseline ${(sizes.baseline.gzip / KB).toFixed(1)} KiB gzip (${(sizes.baseline.raw / KB).toFixed(1)} raw)`,
  };
  const profiles = await diagnoseLoads(ctx, DOC2);
  return {
    figures: [
      ratioFigure(
        'load.editable',
        'ms',
        runs.notepad.map((r) => r.editableMs),
        runs.baseline.map((r) => r.editableMs),
        1.1,
        'navigation start -> editable editor painted, empty cache',
      ),
      ratioFigure(
        'load.fcp',
        'ms',
        runs.notepad.map((r) => r.fcpMs ?? Number.NaN).filter(Number.isFinite),
        runs.baseline.map((r) => r.fcpMs ?? Number.NaN).filter(Number.isFinite),
        1.1,
        'first-contentful-paint',
      ),
      jsFigure,
    ],
    raw: { runs, sizes, bySource },
    profiles,
  };
}

/** Start-up with 10,000 notes and 20,000 / 200,000 events. */
export async function startupStage(ctx: StageContext): Promise<StageResult> {
  const notes = Math.round(10_000 * ctx.scale);
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const profiles: Record<string, Diagnosis> = {};
  const folds: Record<string, number> = {};
  for (const events of [20_000, 200_000].map((n) => Math.round(n * ctx.scale))) {
    const label = `${Math.round(events / 1000)}k`;
    log(`start-up ${label}: seeding ${notes} notes, ${events} events`);
    const r = await measureStartup(ctx.browser, ctx.origin, ctx.namer, notes, events, ctx.runs);
    log(`start-up ${label}: first row ${quantile(r.firstRowMs, 0.5).toFixed(0)} ms, fold ${quantile(r.foldMs, 0.5).toFixed(1)} ms`);
    raw[label] = r;
    if (r.profile) profiles[`startup.${label}`] = { cpu: r.profile, trace: null };
    folds[label] = quantile(r.foldMs, 0.5);
    figures.push(
      limitFigure(
        `startup.${label}.first-row`,
        'ms',
        r.firstRowMs,
        1000,
        `${notes} notes, ${events} events, snapshot + ${r.tail}-event tail; navigation -> first row painted`,
      ),
    );
    figures.push(
      limitFigure(`startup.${label}.fold`, 'ms', r.foldMs, 300, 'CPU ms under src/projections + event validation/upcast (profiled loads)'),
    );
    figures.push(
      limitFigure(
        `startup.${label}.no-snapshot.first-row`,
        'ms',
        r.fullFoldFirstRowMs === null ? [] : [r.fullFoldFirstRowMs],
        null,
        'first boot of the seeded log, before the app wrote a snapshot (one run)',
      ),
    );
  }
  const keys = Object.keys(folds);
  const scaling = folds[keys[1]] / folds[keys[0]];
  figures.push({
    name: 'startup.fold.200k/20k',
    unit: 'x',
    notepad: null,
    baseline: null,
    value: scaling,
    display: `${scaling.toFixed(2)}x`,
    target: '<= 1.5x',
    pass: scaling <= 1.5,
    note: 'fold at 200k / fold at 20k events with the same 250-event tail: the fold must follow the events since the snapshot',
  });
  return { figures, raw, profiles };
}

/** Sidebar (row elements, scroll to the end) and search over 10,000 notes of ~500 words. */
export async function listStage(ctx: StageContext): Promise<StageResult> {
  const notes = Math.round(10_000 * ctx.scale);
  log(`sidebar/search: seeding ${notes} notes of ~500 words`);
  const r = await measureList(ctx.browser, ctx.origin, ctx.namer, notes, 500, ctx.runs);
  return {
    figures: [
      limitFigure('sidebar.row-elements', 'rows', [r.rowElements], 100, `${notes} notes`),
      limitFigure('sidebar.scroll-end', 'ms', r.scrollEndMs.filter(Number.isFinite), 200, 'top -> last row in the DOM and painted'),
      limitFigure(
        'search.query',
        'ms',
        r.searchMs,
        16,
        `input event -> list changed and painted; ${r.searchMs.length} queries, ${r.searchTimeouts} without a list change in 5 s`,
      ),
    ],
    raw: r,
    profiles: r.profile ? { search: { cpu: r.profile, trace: null } } : {},
  };
}

/** Log size after a simulated year of 50,000 body saves across 200 notes, after compaction. */
export async function growthStage(ctx: StageContext): Promise<StageResult> {
  const saves = Math.round(50_000 * ctx.scale);
  log(`log growth: seeding ${saves} body saves across 200 notes`);
  const r = await measureGrowth(ctx.browser, ctx.origin, 200, saves, 300);
  const mb = r.bytesAfter / 1e6;
  const usage = (b: number | null) => (b === null ? 'n/a' : `${(b / 1e6).toFixed(1)} MB`);
  return {
    figures: [
      {
        name: 'log.year.after-compaction',
        unit: 'MB',
        notepad: null,
        baseline: null,
        value: mb,
        display: `${mb.toFixed(1)} MB`,
        target: '<= 50 MB',
        pass: r.compacted && mb <= 50,
        note: `${r.compacted ? 'compacted by the app' : 'NOT compacted within the time bound: uncompacted size'}; ${r.seededEvents} events (${(r.seededBytes / 1e6).toFixed(1)} MB JSON) -> ${r.eventsAfter} events; storage.estimate ${usage(r.usageBefore)} before, ${usage(r.usageAfter)} after; compaction done ${r.compactMs ?? 'n/a'} ms after open`,
      },
    ],
    raw: r,
    profiles: {},
  };
}

/** Export all notes of a 5,000-note library: time, zip size, peak heap, longest task (10,000 notes: the library stage). */
export async function exportStage(ctx: StageContext): Promise<StageResult> {
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  for (const [prefix, size, target, runs] of [['export.5000', 5000, 15_000, ctx.runs]] as const) {
    const notes = Math.round(size * ctx.scale);
    log(`export: seeding ${notes} notes (paragraphs, a checklist, every 10th an image)`);
    let r: Awaited<ReturnType<typeof measureExport>>;
    try {
      r = await measureExport(ctx.browser, ctx.origin, notes, runs, size === 5000);
    } catch (error) {
      // One library size that breaks is a FAIL of its own figures; the other is still measured.
      const message = error instanceof Error ? error.message : String(error);
      console.error(`  ERROR exporting ${notes} notes: ${message}`);
      figures.push(limitFigure(`${prefix}.error`, 'ms', [], 0, message));
      continue;
    }
    raw[prefix] = r;
    const mib = (bytes: (number | null)[]) => bytes.filter((b): b is number => b !== null).map((b) => b / KB / KB);
    const traced = r.traced
      ? `; traced run: longest task ${r.traced.longestTaskMs.toFixed(0)} ms wall, ${r.traced.longestTaskCpuMs?.toFixed(0) ?? 'n/a'} ms CPU; ${r.traced.tasksOver50} over 50 ms wall, ${r.traced.tasksOver50Cpu ?? 'n/a'} in CPU time`
      : '';
    figures.push(
      limitFigure(
        `${prefix}.time`,
        'ms',
        r.runs.map((x) => x.ms),
        target,
        `${notes} notes; click -> download starts, progress shown throughout`,
      ),
      limitFigure(
        `${prefix}.zip-size`,
        'MB',
        r.runs.map((x) => x.zipBytes / 1e6),
        null,
        `${notes} notes, ${Math.ceil(notes / 10)} images`,
      ),
      limitFigure(
        `${prefix}.peak-heap`,
        'MiB',
        mib([r.retained?.peakBytes ?? null]),
        null,
        `highest JS heap after GC (sampled every 1 s, one run) during the export; ${mib([r.retained?.beforeBytes ?? null])
          .map((x) => x.toFixed(0))
          .join('')} MiB before it; without forced GC (the timed runs, garbage included) peak ${mib(r.runs.map((x) => x.peakHeapBytes))
          .map((x) => x.toFixed(0))
          .join(', ')} MiB`,
      ),
      limitFigure(
        `${prefix}.longest-task`,
        'ms',
        r.runs.map((x) => x.longestTaskMs),
        100,
        `longest task or rendering step (>= 50 ms reported; 0 = none); ${r.runs.map((x) => x.longTasks).join(', ')} over 50 ms per run${traced}`,
      ),
    );
  }
  return { figures, raw, profiles: {} };
}
