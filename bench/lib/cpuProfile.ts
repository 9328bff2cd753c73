import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Where `BENCH_PROFILE=1` runs write their CPU profiles (open them in Chromium's DevTools, Performance). */
const PROFILE_DIR = join(import.meta.dirname, '..', 'results', 'profiles');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self time per function of a V8 CPU profile, most first: `{ name, ms }` (ms of samples). */
function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): { name: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * Run `measure` and, when `BENCH_PROFILE` is set, record the page's CPU profile around it: written
 * to bench/results/profiles/{label}-{time}.cpuprofile, with the 15 heaviest functions by self time
 * printed. Returns what `measure` returns. Without `BENCH_PROFILE` it only runs `measure`.
 */
export async function profiled<T>(page: Page, label: string, measure: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return measure();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const result = await measure();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  mkdirSync(PROFILE_DIR, { recursive: true });
  const file = join(PROFILE_DIR, `${label}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const top = selfTimes(profile as never)
    .filter((f) => !f.name.startsWith('(idle)') && !f.name.startsWith('(program)'))
    .slice(0, 15);
  console.log(`  profile ${label}: ${file}\n${top.map((f) => `    ${f.ms.toFixed(1).padStart(7)} ms  ${f.name}`).join('\n')}`);
  return result;
}
