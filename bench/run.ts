/**
 * `npm run bench`: build NotePad and the bare BlockNote baseline into bench/dist, serve
 * them on 127.0.0.1, measure every figure in headless Chromium (NotePad and baseline interleaved),
 * print medians, ranges, ratios and one `name value target PASS|FAIL` line per figure, and write
 * bench/results/latest.json. Figures only print: the exit code is non-zero only when the harness
 * itself breaks. Env: BENCH_RUNS (default 5), BENCH_ONLY (comma list of stages), BENCH_SCALE
 * (data-set size factor for quick checks), BENCH_KEYS, CHROMIUM_PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchBrowser, newContext } from './lib/browser';
import { serveStatic } from './lib/server';
import { FrameNamer } from './lib/profile';
import type { Diagnosis } from './lib/figures/profiles';
import { printFigures, type Figure } from './lib/report';
import {
  editorStage,
  exportStage,
  growthStage,
  listStage,
  loadStage,
  startupStage,
  type StageContext,
  type StageResult,
} from './lib/stages';
import { paragraphsHtml } from './lib/corpus';
import { syncStage } from './lib/sync/stage';
import { importStage } from './lib/importStage';
import { libraryStage } from './lib/libraryStage';
import { organizeStage } from './lib/organizeStage';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = fileURLToPath(new URL('./dist', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results', import.meta.url));
const STAGES = {
  editor: editorStage,
  load: loadStage,
  startup: startupStage,
  list: listStage,
  growth: growthStage,
  export: exportStage,
  sync: syncStage,
  import: importStage,
  library: libraryStage,
  organize: organizeStage,
};
type StageName = keyof typeof STAGES;

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const scale = Math.min(1, Math.max(0.01, Number(process.env.BENCH_SCALE ?? 1)));
const only = (process.env.BENCH_ONLY ?? Object.keys(STAGES).join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean) as StageName[];

function build(): void {
  console.log('Building NotePad + baseline into bench/dist ...');
  // The seeding page and the import stage's bulk-append yardstick are builds of their own, after the one that empties bench/dist.
  const configs = [
    'bench/vite.bench.config.ts',
    'bench/vite.seed.config.ts',
    ...(only.includes('import') ? ['bench/vite.append.config.ts'] : []),
  ];
  for (const config of configs) {
    const res = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--config', config],
      {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      },
    );
    if (res.status !== 0) throw new Error(`bench build failed (${config}, exit ${res.status})`);
  }
}

/** The machine the figures were taken on (docs/benchmarks.md lists it with the table). */
function machine(chromium: string) {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT }).toString().trim();
    } catch {
      return null;
    }
  };
  return {
    loadavg: loadavg().map((x) => +x.toFixed(2)),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '?',
    memGiB: +(totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    chromium,
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: !!git(['status', '--porcelain', '--', 'src']),
  };
}

/** The harness writes BlockNote HTML itself for seeding; check it matches the real editor's output. */
async function checkCorpusHtml(stage: StageContext): Promise<void> {
  const context = await newContext(stage.browser);
  const page = await context.newPage();
  await page.goto(stage.origin + '/bench/baseline/');
  await page.waitForFunction(() => !!window.__bench, undefined, { timeout: 30_000 });
  const real = await page.evaluate(() =>
    window.__bench!.derive([
      { type: 'paragraph', content: 'alpha beta' },
      { type: 'paragraph', content: 'gamma' },
    ]),
  );
  await context.close();
  const ours = paragraphsHtml(real.blocks as { id: string; content: { text: string }[] }[]);
  if (ours !== real.html)
    console.warn("WARNING: seeded BlockNote HTML differs from the editor's own; figures that load seeded notes may be off.");
}

/** CPU profile: self time by module and function ("(program)" is native work); trace: main-thread work by kind. */
function printProfiles(profiles: Record<string, Diagnosis>): void {
  console.log('\n== Where the time goes (outside the measured runs; CPU profile self time, source-mapped) ==');
  for (const [name, { cpu, trace }] of Object.entries(profiles)) {
    console.log(`  ${name}: ${cpu.totalMs.toFixed(0)} ms busy`);
    console.log(
      `    modules: ${cpu.topModules
        .slice(0, 7)
        .map((m) => `${m.module} ${m.ms.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const f of cpu.topFunctions.slice(0, 7)) console.log(`    ${f.ms.toFixed(1).padStart(8)} ms  ${f.name}`);
    if (trace) {
      console.log(
        `    main thread (trace, self ms): ${trace.top
          .slice(0, 7)
          .map((t) => `${t.name} ${t.ms.toFixed(0)}`)
          .join(', ')}`,
      );
      console.log(`    longest task ${trace.longestTaskMs.toFixed(1)} ms, ${trace.tasksOver50} tasks > 50 ms`);
    }
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  build();
  // BENCH_PORT: serve on that port (a session given a range of ports); default any free one.
  const server = await serveStatic(DIST, Number(process.env.BENCH_PORT ?? 0));
  const browser = await launchBrowser();
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const profiles: Record<string, Diagnosis> = {};
  const errors: Record<string, string> = {};
  try {
    const stage: StageContext = { browser, origin: server.origin, distDir: DIST, namer: new FrameNamer(DIST), runs, scale };
    console.log(
      `Serving ${server.origin}; Chromium ${browser.version()}; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs; ${runs} runs per figure${scale < 1 ? `; DATA SCALE ${scale} (targets assume 1)` : ''}`,
    );
    await checkCorpusHtml(stage);
    for (const name of only) {
      if (!STAGES[name]) throw new Error(`unknown stage ${name} (stages: ${Object.keys(STAGES).join(', ')})`);
      const t0 = Date.now();
      console.log(`\n[${name}]`);
      try {
        const result: StageResult = await STAGES[name](stage);
        figures.push(...result.figures);
        raw[name] = result.raw;
        Object.assign(profiles, result.profiles);
      } catch (error) {
        // An app that never becomes ready is a FAIL of its figures, not a crash of the whole bench.
        errors[name] = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
        console.error(`  ERROR in stage ${name}: ${errors[name]}`);
      }
      console.log(`  (${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    printProfiles(profiles);
    printFigures(figures);
    for (const name of Object.keys(errors)) console.log(`${name} ERROR - FAIL`);
    mkdirSync(RESULTS, { recursive: true });
    const report = {
      at: new Date().toISOString(),
      machine: machine(browser.version()),
      runs,
      scale,
      seconds: Math.round((Date.now() - started) / 1000),
      figures,
      profiles,
      errors,
      raw,
    };
    writeFileSync(`${RESULTS}/latest.json`, JSON.stringify(report, null, 1));
    console.log(
      `\nWrote bench/results/latest.json (${report.seconds} s; load average at the end ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}: other processes on this machine shift absolute figures, the interleaved ratios less)`,
    );
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('bench harness failed:', error);
    process.exit(1);
  },
);
