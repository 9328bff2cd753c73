import { inNextTask } from '../events/nextTask';

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
