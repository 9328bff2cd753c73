/**
 * `npx tsx bench/changes/run.ts`: the measurements behind docs/changes-spike.md (saves as changes).
 * Builds NotePad, the bare BlockNote baseline and the spike page (bench/changes/main.tsx) into
 * bench/dist, serves them on 127.0.0.1, and in headless Chromium (the bench's flags) types at 2 and
 * 5,000 blocks in each editor, interleaved run by run so the machine's load falls on all alike; then
 * the save-path costs, two devices merging, and the Node figures (bytes on the wire, the block model).
 * Prints medians [min-max] over runs with the load average; writes bench/results/changes.json.
 * Env: CHANGES_RUNS (default 5), CHANGES_PORT (default 4530), CHANGES_ONLY (comma list of
 * typing, saves, remote, node), CHANGES_SKIP_BUILD=1 (reuse bench/dist), BENCH_KEYS, CHROMIUM_PATH.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../lib/browser';
import { serveStatic } from '../lib/server';
import { DOC2, paragraphDoc } from '../lib/corpus';
import { quantile, summarize, type Summary } from '../lib/stats';
import { remoteRun, saveCostsRun, typingRun, type TypingRun, type Variant } from './browserRuns';
import { converge, modelCosts, patchMerges, savesOnTheWire, updateSaveWire } from './nodeFigures';
import { bundleSizes } from './bundle';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const RESULTS = fileURLToPath(new URL('../results', import.meta.url));
const runs = Math.max(1, Number(process.env.CHANGES_RUNS ?? 5));
const port = Number(process.env.CHANGES_PORT ?? 4530);
const only = new Set((process.env.CHANGES_ONLY ?? 'typing,saves,remote,node').split(',').map((s) => s.trim()));

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const fmt = (s: Summary, digits = 1) => `${s.median.toFixed(digits)} [${s.min.toFixed(digits)}-${s.max.toFixed(digits)}]`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const medianOf = (xs: number[]) => quantile(xs, 0.5);

function build(): void {
  const res = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--config', 'bench/vite.changes.config.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  if (res.status !== 0) throw new Error(`build failed (exit ${res.status})`);
}

/** The typing plans: which note, where the caret goes, which editors. */
const PLANS: { name: string; doc: ReturnType<typeof paragraphDoc>; at: number; variants: Variant[] }[] = [
  { name: '2blocks', doc: DOC2, at: 1, variants: ['baseline', 'notepad', 'bare+y', 'note', 'note+y'] },
  { name: '5000blocks', doc: paragraphDoc(5000, 12, 1), at: 1, variants: ['baseline', 'notepad', 'bare+y', 'note', 'note+y'] },
  { name: '5000blocks.last', doc: paragraphDoc(5000, 12, 1), at: 4999, variants: ['baseline', 'notepad', 'note', 'note+y'] },
];

/** Per variant: median and p95 of each run's keys, summarized over runs. */
function typingTable(name: string, byVariant: Map<Variant, TypingRun[]>, print: (s: string) => void) {
  const out: Record<string, unknown> = {};
  const medians = (v: Variant) => (byVariant.get(v) ?? []).map((r) => quantile(r.keyMs, 0.5));
  const base = medianOf(medians('baseline'));
  const today = medianOf(medians('notepad'));
  for (const [variant, list] of byVariant) {
    const med = summarize(medians(variant));
    const p95 = summarize(list.map((r) => quantile(r.keyMs, 0.95)));
    const loads = list.map((r) => r.loadMs).filter((x): x is number => x !== null);
    print(
      `  typing.${name} ${variant.padEnd(8)} median ${fmt(med)} ms  p95 ${fmt(p95)} ms  vs baseline ${(med.median / base).toFixed(2)}x  vs NotePad ${(med.median / today).toFixed(2)}x` +
        (loads.length ? `  load ${fmt(summarize(loads), 0)} ms` : ''),
    );
    out[variant] = {
      median: med,
      p95,
      vsBaseline: med.median / base,
      vsNotePad: med.median / today,
      load: loads.length ? summarize(loads) : null,
    };
  }
  return out;
}

async function main(): Promise<void> {
  const started = Date.now();
  const raw: Record<string, unknown> = { loadAtStart: load() };
  const print = (s: string) => console.log(s);
  if (process.env.CHANGES_SKIP_BUILD !== '1' && (only.has('typing') || only.has('saves') || only.has('remote'))) build();
  const server = await serveStatic(DIST, port);
  const browser = await launchBrowser();
  try {
    print(`Serving ${server.origin}; Chromium ${browser.version()}; load average ${load()}; ${runs} runs`);
    if (only.has('typing')) {
      const typing: Record<string, unknown> = {};
      for (const plan of PLANS) {
        const loadBefore = load();
        const byVariant = new Map<Variant, TypingRun[]>(plan.variants.map((v) => [v, []]));
        for (let r = 0; r < runs; r++) {
          // Rotate the order each run, so no editor always runs first or last.
          const order = plan.variants.map((_, i) => plan.variants[(i + r) % plan.variants.length]);
          for (const variant of order) {
            const withState = r === 0 && plan.name === '5000blocks' && variant === 'note+y';
            // A run that breaks (an editor that never showed its blocks) is tried once more, then left out and said.
            for (let attempt = 1; attempt <= 2; attempt++) {
              try {
                byVariant.get(variant)!.push(await typingRun(browser, server.origin, variant, plan.doc, plan.at, withState));
                break;
              } catch (error) {
                print(`  ${plan.name} ${variant} run ${r + 1} attempt ${attempt} failed: ${(error as Error).message.split('\n')[0]}`);
              }
            }
          }
          print(`  ${plan.name} run ${r + 1}/${runs} (load ${load()})`);
        }
        print(`typing ${plan.name}: load average ${loadBefore} -> ${load()}`);
        const table = typingTable(plan.name, byVariant, print);
        const live = [...byVariant.entries()].filter(([v]) => v.endsWith('+y'));
        const yRaw: Record<string, unknown> = {};
        for (const [variant, list] of live) {
          const keyBytes = list.flatMap((r) => r.updateBytes ?? []);
          const m6 = list.flatMap((r) => r.merged6 ?? []);
          const m27 = list.flatMap((r) => r.merged27 ?? []);
          const toHtml = list.map((r) => r.yToHtml).filter((x) => !!x);
          print(
            `  ${variant} updates: per key ${fmt(summarize(keyBytes), 0)} B (n=${keyBytes.length}); 6 keys merged ${fmt(summarize(m6), 0)} B; 27 keys merged ${fmt(summarize(m27), 0)} B` +
              (toHtml.length
                ? `; Y.Doc -> blocks ${fmt(summarize(toHtml.map((x) => x.blocksMs)), 0)} ms, blocks -> HTML ${fmt(summarize(toHtml.map((x) => x.htmlMs)), 0)} ms`
                : ''),
          );
          const state = list.find((r) => r.state)?.state;
          if (state) {
            const v2 = Buffer.from(state.v2);
            print(
              `  ${variant} whole state: v2 ${kb(v2.length)}, gzip ${kb(gzipSync(v2, { level: 9 }).length)}; v1 ${kb(state.v1Bytes)}; encode ${state.encodeMs.toFixed(0)} ms`,
            );
            yRaw[`${variant}.state`] = {
              v2: v2.length,
              v2Gzip: gzipSync(v2, { level: 9 }).length,
              v1: state.v1Bytes,
              encodeMs: state.encodeMs,
            };
          }
          yRaw[variant] = { keyBytes: summarize(keyBytes), merged6: summarize(m6), merged27: summarize(m27), toHtml };
        }
        typing[plan.name] = {
          table,
          y: yRaw,
          load: [loadBefore, load()],
          raw: Object.fromEntries([...byVariant].map(([v, l]) => [v, l.map((r) => r.keyMs)])),
        };
      }
      raw.typing = typing;
    }
    if (only.has('saves')) {
      const doc = paragraphDoc(5000, 12, 1);
      const saves: Record<string, unknown> = {};
      for (const [where, at] of [
        ['second block', 1],
        ['last block', 4999],
      ] as const) {
        const loadBefore = load();
        const all = [];
        for (let r = 0; r < runs; r++) all.push(await saveCostsRun(browser, server.origin, doc, 10, at));
        const rows = all.flatMap((x) => x.rows.slice(1));
        const col = (k: string) => summarize(rows.map((row) => row[k]));
        print(`save path at 5,000 blocks, one word in the ${where} (${rows.length} saves; load ${loadBefore} -> ${load()}):`);
        for (const k of ['documentMs', 'cacheHtmlMs', 'fullHtmlMs', 'stringifyMs', 'pmSaveMs', 'modelSaveMs', 'changesMs', 'patchMs'])
          print(`  ${k.padEnd(12)} ${fmt(col(k), 2)} ms`);
        print(
          `  bytes: updateYFragment ${fmt(col('pmBytes'), 0)} B, block model ${fmt(col('modelBytes'), 0)} B, block changes ${fmt(col('changesChars'), 0)} chars, HTML patch ${fmt(col('patchChars'), 0)} chars; HTML ${kb(col('htmlChars').median)}, JSON ${kb(col('jsonChars').median)}`,
        );
        const setup = all.map((x) => x.setup);
        print(
          `  set-up per note open: updateYFragment on an empty fragment ${fmt(summarize(setup.map((s) => s.pmFirstMs)), 0)} ms, block model ${fmt(summarize(setup.map((s) => s.modelFirstMs)), 0)} ms, HTML cache prime ${fmt(summarize(setup.map((s) => s.primeMs)), 0)} ms; state v2 ${kb(setup[0].pmStateV2)} (XML fragment), ${kb(setup[0].modelStateV2)} (block model)`,
        );
        saves[where] = { rows, setup, load: [loadBefore, load()] };
      }
      raw.saves = saves;
    }
    if (only.has('remote')) {
      const doc = paragraphDoc(500, 12, 3);
      const kinds = ['live', 'live-merged', 'model'] as const;
      const remote: Record<string, unknown[]> = { live: [], 'live-merged': [], model: [] };
      const loadBefore = load();
      for (let r = 0; r < runs; r++) for (const kind of kinds) remote[kind].push(await remoteRun(browser, server.origin, doc, 100, kind));
      print(
        `two devices, 100 offline edits in different blocks of a 500-block note, applied on the editor's device (load ${loadBefore} -> ${load()}):`,
      );
      for (const kind of kinds) {
        const list = remote[kind] as { frameMs: number; applyMs: number; readMs?: number; showMs?: number; converged: boolean }[];
        const parts =
          kind === 'model'
            ? `; read blocks ${fmt(summarize(list.map((x) => x.readMs!)), 0)} ms, show the changed blocks ${fmt(summarize(list.map((x) => x.showMs!)), 0)} ms`
            : '';
        print(
          `  ${kind}: to the frame after ${fmt(summarize(list.map((x) => x.frameMs)), 0)} ms (apply the updates ${fmt(summarize(list.map((x) => x.applyMs)), 0)} ms${parts}); converged ${list.every((x) => x.converged)}`,
        );
      }
      raw.remote = remote;
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (only.has('node')) {
    const wire = await savesOnTheWire(5000);
    print(
      `bytes on the wire (sealed push bodies), 5,000-block note; a whole body today ${kb(wire.wholeBodyWire)} (HTML ${kb(wire.htmlBytes)}):`,
    );
    for (const row of wire.rows) print(`  ${row.kind.padEnd(20)} one-word save ${row.oneWord} B; a minute (12 saves) ${kb(row.minute)}`);
    const y = (raw.typing as Record<string, { y: Record<string, { merged6: Summary; merged27: Summary }> }> | undefined)?.['5000blocks']?.y[
      'note+y'
    ];
    if (y && Number.isFinite(y.merged27.median)) {
      const oneWord = await updateSaveWire(Math.round(y.merged6.median));
      const save = await updateSaveWire(Math.round(y.merged27.median));
      print(`  (a) live binding      one-word save ${oneWord} B; a minute (12 saves) ${kb(12 * save)}`);
      raw.liveWire = { oneWord, minute: 12 * save };
    }
    const costs = modelCosts(5000, 20);
    print(
      `(a') block model in Node, 5,000 blocks: first save ${costs.firstMs.toFixed(0)} ms, one-word save ${fmt(costs.save, 2)} ms; state v2 ${kb(costs.stateV2)} (gzip ${kb(costs.stateV2Gzip)}), blocks JSON ${kb(costs.blocksJson)} (gzip ${kb(costs.blocksJsonGzip)}); load from state ${fmt(costs.load, 0)} ms`,
    );
    const conv = [1, 2, 3].map(() => converge(500, 100));
    print(
      `(a') two devices, 100 offline saves each in different blocks of 500: apply the other's 100 updates and read ${fmt(summarize(conv.map((c) => c.ms)), 0)} ms; converged ${conv.every((c) => c.converged)}`,
    );
    const merges = patchMerges();
    print('(c) HTML patches of two devices (the second applied on the first):');
    for (const m of merges) print(`  ${m.name}: hunks applied ${m.hunksApplied}; "${m.result}"`);
    const bundle = await bundleSizes();
    print(
      `bundle: ${bundle.map((b) => `${b.name} ${(b.gzip / 1024).toFixed(1)} KiB gzip (${(b.raw / 1024).toFixed(1)} KiB min)`).join('; ')}`,
    );
    Object.assign(raw, { wire, costs, conv, merges, bundle });
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    `${RESULTS}/changes.json`,
    JSON.stringify(
      { at: new Date().toISOString(), runs, seconds: Math.round((Date.now() - started) / 1000), loadAtEnd: load(), raw },
      null,
      1,
    ),
  );
  print(`\nWrote bench/results/changes.json (${Math.round((Date.now() - started) / 1000)} s; load average at the end ${load()})`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('changes spike failed:', error);
    process.exit(1);
  },
);
