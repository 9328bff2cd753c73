/*
 * Task scheduling shared by every layer (the event log, the storage mirror, the search index, the editor's HTML
 * cache): it lives in src/lib, which imports nothing of the app, so events and services may both use it.
 */

/**
 * Run `fn` in a task of its own, soon (after the current task and its microtasks). A
 * MessageChannel message is used because setTimeout is clamped, and throttled to 1 s in
 * background tabs; falls back to setTimeout where there is no MessageChannel.
 */
export function inNextTask(fn: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(fn, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Run `work` in a task of background priority: after input, rendering and other tasks, but
 * without waiting for a whole idle period (Chromium runs one idle callback per period, so work
 * split into small slices through requestIdleCallback crawls). Work done this way in slices of a
 * few ms keeps the page responsive. Falls back to a plain next task without `scheduler.postTask`.
 */
export function inBackground(work: () => void): void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(work, { priority: 'background' });
  else inNextTask(work);
}

/** Quiet time after the last click or key before work run by `inBackgroundAfterInput` goes on (ms). */
const INPUT_QUIET_MS = 250;
let lastInputAt = Number.NEGATIVE_INFINITY;
let listening = false;

function listenForInput(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const mark = () => (lastInputAt = performance.now());
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, mark, { capture: true, passive: true });
}

/**
 * `inBackground`, held back while the person acts: a slice that comes due within INPUT_QUIET_MS of a
 * click or key waits until that much quiet has passed (docs/architecture.md "Search index"). For
 * long background work in many slices (indexing every note), whose slices would otherwise share
 * the frames that answer a click, such as choosing a notebook while the index is being built.
 */
export function inBackgroundAfterInput(work: () => void): void {
  listenForInput();
  inBackground(function run() {
    const wait = lastInputAt + INPUT_QUIET_MS - performance.now();
    if (wait > 0) setTimeout(() => inBackground(run), wait);
    else work();
  });
}
