import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importRun, legacyRun, type ImportRun, type LegacyRun } from './figures/import';
import { writeBenchEnex, type EnexSpec } from './importFiles';
import { limitFigure, type Figure } from './report';
import type { StageContext, StageResult } from './stages';

const MiB = 1024 * 1024;
const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);

/** The import cases (docs/benchmarks.md "Import figures"). */
const CASES: { name: string; spec: EnexSpec; bulk: boolean; maxRuns: number }[] = [
  { name: 'enex5000', spec: { notes: 5000, images: 0, imageSize: 0, padBytes: 0 }, bulk: true, maxRuns: 5 },
  // 300 photos of 290 x 290 px noise: about 100 MB of ENEX.
  { name: 'enex100mb', spec: { notes: 1000, images: 300, imageSize: 290, padBytes: 0 }, bulk: true, maxRuns: 3 },
  // The same notes and photos, each image file padded by 1 MB the browser skips: the file is 4x larger, what is stored is not.
  { name: 'enex400mb', spec: { notes: 1000, images: 300, imageSize: 290, padBytes: 1_000_000 }, bulk: false, maxRuns: 2 },
];

/**
 * Imports through the app's own picker in Chromium: time, notes per second, longest task, peak heap,
 * and the import's time against the log's bulk append of the same events; then the original app's
 * 10,000 notes on a first start. NotePad only (the baseline has no import).
 */
export async function importStage(ctx: StageContext): Promise<StageResult> {
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  const dir = mkdtempSync(join(tmpdir(), 'notepad-import-stage-'));
  try {
    for (const { name, spec, bulk, maxRuns } of CASES) {
      const scaled = { ...spec, notes: Math.max(10, Math.round(spec.notes * ctx.scale)), images: Math.round(spec.images * ctx.scale) };
      const path = join(dir, `${name}.enex`);
      await writeBenchEnex(path, scaled);
      const size = statSync(path).size / MiB;
      const runs: ImportRun[] = [];
      for (let i = 0; i < Math.min(ctx.runs, maxRuns); i++) {
        runs.push(await importRun(ctx.browser, ctx.origin, path, scaled.notes, bulk));
        const r = runs[i];
        log(
          `${name} (${size.toFixed(0)} MB) run ${i + 1}: ${(r.ms / 1000).toFixed(1)} s, longest task ${r.longestTaskMs.toFixed(0)} ms, heap peak +${(r.heapPeakBytes / MiB).toFixed(0)} MiB${r.bulkAppendMs !== null ? `, bulk append ${(r.bulkAppendMs / 1000).toFixed(1)} s` : ''}`,
        );
      }
      rmSync(path);
      raw[name] = { sizeMiB: size, spec: scaled, runs };
      const note = `${scaled.notes} notes${scaled.images ? `, ${scaled.images} photos` : ''}, ${size.toFixed(0)} MiB of ENEX`;
      figures.push(
        limitFigure(
          `import.${name}.ms`,
          'ms',
          runs.map((r) => r.ms),
          null,
          `from choosing the file to "Imported N notes"; ${note}`,
        ),
      );
      figures.push(
        limitFigure(
          `import.${name}.notes-per-s`,
          'notes/s',
          runs.map((r) => (r.notes / r.ms) * 1000),
          null,
        ),
      );
      figures.push(
        limitFigure(
          `import.${name}.longest-task`,
          'ms',
          runs.map((r) => r.longestTaskMs),
          100,
          `Long Tasks API (>= 50 ms; 0 = none) during the import; longest rendering ${runs.map((r) => r.longestRenderMs.toFixed(0)).join(', ')} ms`,
        ),
      );
      figures.push(
        limitFigure(
          `import.${name}.heap-peak`,
          'MiB',
          runs.map((r) => r.heapPeakBytes / MiB),
          300,
          `page's used JS heap over its level before the import (DevTools, every 100 ms); the worker's heap is not in it`,
        ),
      );
      if (bulk) {
        figures.push(
          limitFigure(
            `import.${name}.vs-bulk-append`,
            'x',
            runs.map((r) => r.ms / r.bulkAppendMs!),
            3,
            `the import's time over the log's own appendBatch of the same events (batches of 200) on a fresh database; bulk ${runs.map((r) => (r.bulkAppendMs! / 1000).toFixed(1)).join(', ')} s`,
          ),
        );
      }
    }
    const legacy: LegacyRun[] = [];
    const count = Math.max(10, Math.round(10_000 * ctx.scale));
    for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
      legacy.push(await legacyRun(ctx.browser, ctx.origin, count));
      const r = legacy[i];
      log(
        `legacy ${count} run ${i + 1}: first row ${r.firstRowMs.toFixed(0)} ms, editable ${r.editableMs.toFixed(0)} ms, note open ${r.noteOpenMs.toFixed(0)} ms, all in ${r.doneMs.toFixed(0)} ms, longest task ${r.longestTaskMs.toFixed(0)} ms`,
      );
    }
    raw.legacy = legacy;
    const seeded = `${count} notes of the original app in localStorage (~${((count * 450) / 1e6).toFixed(1)} MB)`;
    figures.push(
      limitFigure(
        'import.legacy10000.first-row',
        'ms',
        legacy.map((r) => r.firstRowMs),
        null,
        seeded,
      ),
    );
    figures.push(
      limitFigure(
        'import.legacy10000.note-open',
        'ms',
        legacy.map((r) => r.noteOpenMs),
        2000,
        'navigation to the first note shown in the editor',
      ),
    );
    figures.push(
      limitFigure(
        'import.legacy10000.done',
        'ms',
        legacy.map((r) => r.doneMs),
        10_000,
        'navigation to every note in the log',
      ),
    );
    figures.push(
      limitFigure(
        'import.legacy10000.longest-task',
        'ms',
        legacy.map((r) => r.longestTaskMs),
        100,
        'from editable to done (>= 50 ms; 0 = none)',
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { figures, raw, profiles: {} };
}
