import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SourceMap } from './sourcemap';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
/** A V8 CPU profile as the DevTools protocol returns it. */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where CPU time went: top functions and modules (package or NotePad source file) by self time. */
export interface Attribution {
  totalMs: number;
  topFunctions: { name: string; ms: number }[];
  topModules: { module: string; ms: number }[];
}

/**
 * Start a sampling CPU profile of `page` (100 µs interval) before something happens;
 * call the returned function to stop it.
 */
export async function startProfile(page: Page): Promise<() => Promise<CpuProfile>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.detach();
    return profile;
  };
}

/** Reads the bench build's source maps to name profile frames by original source. */
export class FrameNamer {
  private maps = new Map<string, SourceMap | null>();
  constructor(private readonly distDir: string) {}

  private map(url: string): SourceMap | null {
    if (!this.maps.has(url)) {
      const path = url.startsWith('http') ? join(this.distDir, new URL(url).pathname) + '.map' : '';
      this.maps.set(url, path && existsSync(path) ? SourceMap.fromFile(path) : null);
    }
    return this.maps.get(url)!;
  }

  /** Name, module and original source of a profile node (cached by node id within one profile). */
  frame(node: ProfileNode): { name: string; module: string; source: string } {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (!url) return { name: functionName || '(anonymous)', module: functionName.startsWith('(') ? functionName : '(native)', source: '' };
    const pos = this.map(url)?.lookup(lineNumber, columnNumber);
    if (!pos) return { name: functionName || '(anonymous)', module: url.split('/').pop() ?? url, source: url };
    const pkg = pos.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const after = pos.text
      .slice(pos.column)
      .match(/^(?:async\s+)?(?:function\s*\*?\s*)?(?:static\s+|get\s+|set\s+)?([A-Za-z_$#][\w$]*)/)?.[1];
    const before = pos.text.slice(0, pos.column).match(/([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s*)?(?:function\s*)?$/)?.[1];
    const picked = after && !['function', 'async', 'return', 'new'].includes(after) ? after : before;
    const name = `${picked ?? (functionName || '(anonymous)')} (${pos.source.replace(/^.*node_modules\//, '')}:${pos.line + 1})`;
    return { name, module: pkg ?? pos.source, source: pos.source };
  }

  /** Self-time attribution of a profile; idle time is left out. */
  attribute(profile: CpuProfile, top = 12): Attribution {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const fn = new Map<string, number>();
    const mod = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      if (node.callFrame.functionName === '(idle)') return;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const f = this.frame(node);
      total += ms;
      fn.set(f.name, (fn.get(f.name) ?? 0) + ms);
      mod.set(f.module, (mod.get(f.module) ?? 0) + ms);
    });
    const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
    return {
      totalMs: total,
      topFunctions: sorted(fn).map(([name, ms]) => ({ name, ms })),
      topModules: sorted(mod).map(([module, ms]) => ({ module, ms })),
    };
  }

  /** Milliseconds of samples whose stack holds a frame whose original source matches `test`. */
  inclusiveMs(profile: CpuProfile, test: (source: string) => boolean): number {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const hit = new Map<number, boolean>();
    const matches = (id: number): boolean => {
      if (hit.has(id)) return hit.get(id)!;
      const self = test(this.frame(byId.get(id)!).source);
      const p = parent.get(id);
      const result = self || (p !== undefined && matches(p));
      hit.set(id, result);
      return result;
    };
    let ms = 0;
    profile.samples.forEach((id, i) => {
      if (matches(id)) ms += (profile.timeDeltas[i] ?? 0) / 1000;
    });
    return ms;
  }
}
