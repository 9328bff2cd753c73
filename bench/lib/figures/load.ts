import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, waitIn } from '../probes';
import { BLANK_PATH } from '../server';
import { seedContext, seedSpec } from '../seed';
import type { paragraphDoc } from '../corpus';
import { SourceMap } from '../sourcemap';

/** One cold load: time to an editable editor, first contentful paint, and the JS files requested until then. */
export interface LoadRun {
  editableMs: number;
  fcpMs: number | null;
  jsFiles: string[];
  /** JS requested after the editable frame but before the harness noticed it (not counted). */
  laterJsFiles: string[];
}

/**
 * Cold load (fresh context: empty HTTP cache) of NotePad with one selected 2-block note, or of the
 * baseline. Both first visit a blank same-origin page (NotePad's log is seeded there), so the
 * navigations being timed are alike.
 */
export async function coldLoad(
  browser: Browser,
  origin: string,
  app: 'notepad' | 'baseline',
  doc: ReturnType<typeof paragraphDoc>,
): Promise<LoadRun> {
  const context = await newContext(browser);
  try {
    await installProbe(context, false);
    if (app === 'notepad') await seedContext(context, origin, seedSpec({ kind: 'single', doc }));
    const page = await context.newPage();
    await page.goto(origin + BLANK_PATH);
    // Every script request of the load, kept with its page-side start time: the harness notices the
    // editable frame a poll and a round trip late, and chunks requested in idle time after it
    // (deferred code, the service worker's helpers) must not count as fetched before it.
    const requests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) requests.push(r);
    });
    await page.goto(origin + (app === 'notepad' ? '/' : '/bench/baseline/'));
    if (!(await waitIn(page, () => window.__probe.editableAt !== null, 60_000))) throw new Error(`${app}: never editable on cold load`);
    // Paint timing entries arrive a little after the frame; give FCP a bounded moment.
    await waitIn(page, () => performance.getEntriesByName('first-contentful-paint').length > 0, 3000);
    const { editableMs, fcpMs, editableEpochMs } = await page.evaluate(() => ({
      editableMs: window.__probe.editableAt!,
      editableEpochMs: performance.timeOrigin + window.__probe.editableAt!,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const jsFiles: string[] = [];
    const laterJsFiles: string[] = [];
    for (const r of [...requests]) {
      await r.response().catch(() => null);
      // timing().startTime is wall-clock ms, like performance.timeOrigin.
      (r.timing().startTime <= editableEpochMs ? jsFiles : laterJsFiles).push(new URL(r.url()).pathname);
    }
    return { editableMs, fcpMs, jsFiles: [...new Set(jsFiles)], laterJsFiles: [...new Set(laterJsFiles)] };
  } finally {
    await context.close();
  }
}

/** Size of one JS chunk on disk: raw bytes and gzip (level 9, as a static host would precompress). */
export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

/** Raw and gzip sizes of the JS files a page fetched at start (`paths` as served, under `distDir`). */
export function chunkSizes(distDir: string, paths: readonly string[]): { chunks: ChunkSize[]; raw: number; gzip: number } {
  const chunks = [...paths].sort().map((file) => {
    const body = readFileSync(join(distDir, file));
    return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  return { chunks, raw: chunks.reduce((s, c) => s + c.raw, 0), gzip: chunks.reduce((s, c) => s + c.gzip, 0) };
}

/**
 * Raw bytes by package / source file in the chunks only NotePad fetches at start (source maps):
 * where NotePad's extra initial JavaScript comes from.
 */
export function extraBytesBySource(
  distDir: string,
  notepad: readonly string[],
  baseline: readonly string[],
): { source: string; bytes: number }[] {
  const total = new Map<string, number>();
  for (const file of notepad.filter((f) => !baseline.includes(f))) {
    const path = join(distDir, file);
    if (!existsSync(`${path}.map`)) continue;
    for (const [source, bytes] of SourceMap.fromFile(`${path}.map`).bytesBySource(readFileSync(path, 'utf8')))
      total.set(source, (total.get(source) ?? 0) + bytes);
  }
  return [...total].sort((a, b) => b[1] - a[1]).map(([source, bytes]) => ({ source, bytes }));
}
