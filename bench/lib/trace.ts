import type { Browser, Page } from '@playwright/test';

/** Main-thread work by kind (trace event names, self time) and the tasks it ran in. */
export interface TraceSummary {
  /** Top trace events by self time on the renderer main thread, e.g. Layout, UpdateLayoutTree, v8.compile. */
  top: { name: string; ms: number }[];
  /** Longest top-level task (exact, also below the Long Tasks API's 50 ms threshold). */
  longestTaskMs: number;
  tasksOver50: number;
  /**
   * Longest top-level task in thread (CPU) time, and how many took over 50 ms of it: on a loaded
   * machine the wall time of a task includes the time the OS ran other processes. Null without thread times.
   */
  longestTaskCpuMs: number | null;
  tasksOver50Cpu: number | null;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration in µs, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading', 'toplevel'];
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * Trace `page` while `body` runs and summarise the renderer main thread: what the CPU profile calls
 * "(program)" (style, layout, paint, parsing, compiling) gets its own names here.
 */
export async function traced(browser: Browser, page: Page, body: () => Promise<void>): Promise<TraceSummary> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let failure: unknown = null;
  await body().catch((error: unknown) => (failure = error));
  const buffer = await browser.stopTracing();
  if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
  return summarizeTrace(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]);
}

/** Self time per event name on the busiest CrRendererMain thread, and its longest task. */
function summarizeTrace(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): TraceSummary {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  const complete = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const counts = new Map<string, number>();
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.includes(key) && TASK.has(e.name)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = complete.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; child: number }[] = [];
  const pop = () => {
    const top = stack.pop()!;
    self.set(top.e.name, (self.get(top.e.name) ?? 0) + (top.e.dur! - top.child) / 1000);
    if (stack.length) stack[stack.length - 1].child += top.e.dur!;
  };
  for (const e of onMain) {
    while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= e.ts) pop();
    stack.push({ e, child: 0 });
  }
  while (stack.length) pop();
  const tasks = onMain.filter((e) => TASK.has(e.name)).map((e) => e.dur! / 1000);
  const cpu = onMain.filter((e) => TASK.has(e.name) && typeof e.tdur === 'number').map((e) => e.tdur! / 1000);
  return {
    top: [...self]
      .filter(([name]) => !TASK.has(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, ms]) => ({ name, ms })),
    // A loop, not Math.max(...tasks): a long trace has more tasks than a call's arguments may be.
    longestTaskMs: tasks.reduce((longest, ms) => Math.max(longest, ms), 0),
    tasksOver50: tasks.filter((ms) => ms > 50).length,
    longestTaskCpuMs: cpu.length ? cpu.reduce((longest, ms) => Math.max(longest, ms), 0) : null,
    tasksOver50Cpu: cpu.length ? cpu.filter((ms) => ms > 50).length : null,
  };
}
