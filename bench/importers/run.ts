/**
 * `npm run bench:import`: the readers' throughput and memory in Node (docs/benchmarks.md "Import
 * figures"). Writes ENEX files to a temporary folder (5,000 text notes; ~100 MB and ~400 MB of notes
 * with photos), plans and reads each through `planImport` from a lazily read file, and prints notes/s,
 * MB/s and the peak of the JS heap plus array buffers over a baseline taken after a full GC. Peak memory
 * must not grow with the file: 100 MB and 400 MB should peak alike. Prints only; never fails.
 * Run with `--expose-gc` (the npm script does). Env: BENCH_IMPORT_SCALE (file size factor, default 1).
 */
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { planImport, type ImportInput } from '../../src/importers';
import { writeEnex } from './enexGenerator';

const SCALE = Math.max(0.01, Number(process.env.BENCH_IMPORT_SCALE ?? 1));
const MB = 1024 * 1024;

interface Case {
  name: string;
  notes: number;
  imagesPerNote: number;
  imageBytes: number;
}

const CASES: Case[] = [
  { name: '5,000 text notes', notes: Math.round(5000 * SCALE), imagesPerNote: 0, imageBytes: 0 },
  { name: '~100 MB with photos', notes: Math.round(250 * SCALE), imagesPerNote: 2, imageBytes: 150_000 },
  { name: '~400 MB with photos', notes: Math.round(1000 * SCALE), imagesPerNote: 2, imageBytes: 150_000 },
];

const gc = (globalThis as { gc?: () => void }).gc;

/** Bytes the JS heap and array buffers hold now. */
function held(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

async function measure(path: string, name: string) {
  gc?.();
  const base = held();
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, held() - base);
  };
  const timer = setInterval(sample, 5);
  const blob = await openAsBlob(path);
  const input = Object.assign(blob, { name: 'bench.enex', lastModified: Date.now() }) as ImportInput;
  const planStart = performance.now();
  const plan = await planImport([input]);
  const planMs = performance.now() - planStart;
  if (plan.failures.length) throw new Error(`${name}: ${plan.failures[0].message}`);
  const readStart = performance.now();
  let notes = 0;
  for await (const item of plan.sources[0].read()) {
    if (item.kind === 'note') notes += 1;
    sample();
  }
  const readMs = performance.now() - readStart;
  clearInterval(timer);
  return { notes, planMs, readMs, peak };
}

async function main() {
  if (!gc) console.log('(run with --expose-gc for a clean baseline: npm run bench:import)');
  console.log(
    `import bench: ${cpus().length} cores, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, scale ${SCALE}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'notepad-import-bench-'));
  try {
    for (const testCase of CASES) {
      const path = join(dir, 'bench.enex');
      const size = await writeEnex(path, testCase.notes, testCase.imagesPerNote, testCase.imageBytes);
      const { notes, planMs, readMs, peak } = await measure(path, testCase.name);
      const mb = size / MB;
      console.log(
        `${testCase.name.padEnd(22)} ${mb.toFixed(1).padStart(7)} MB  ${String(notes).padStart(5)} notes  ` +
          `plan ${(planMs / 1000).toFixed(2)} s (${(mb / (planMs / 1000)).toFixed(1)} MB/s)  ` +
          `read ${(readMs / 1000).toFixed(2)} s (${Math.round(notes / (readMs / 1000))} notes/s, ${(mb / (readMs / 1000)).toFixed(1)} MB/s)  ` +
          `peak ${(peak / MB).toFixed(1)} MB`,
      );
      rmSync(path);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
