import type { Page } from '@playwright/test';
import { waitIn } from '../probes';
import { timeToChange } from './library';

/** Open the app on the seeded library and wait until notes can be used and start-up's idle work has had `settleMs`. */
export async function openUsable(page: Page, origin: string, settleMs: number): Promise<void> {
  await page.goto(origin + '/');
  if (!(await waitIn(page, () => !!document.querySelector('nav.sidebar:not([inert])'), 180_000)))
    throw new Error('the app never became usable');
  await page.waitForTimeout(settleMs);
}

/** The dashboard's figures for one page: open (click -> dashboard painted), then following a star and a rename made in the sidebar. */
export interface DashboardRun {
  openMs: number;
  followMs: number[];
}

/**
 * Click *Analytics* and time it to the frame after the dashboard's figures are in the DOM (its chunk
 * loads on the first open); then star, unstar and star the first row's note in the sidebar beside it, each
 * timed to the frame after the dashboard changed.
 */
export async function dashboardRun(page: Page): Promise<DashboardRun> {
  // The dashboard stays open across reloads (a view event): a page that starts with it open closes it first.
  const close = page.getByRole('button', { name: 'Close analytics' });
  if (await close.isVisible()) {
    await close.click();
    if (!(await waitIn(page, () => !document.querySelector('.dashboard'), 10_000))) throw new Error('the dashboard never closed');
    await page.waitForTimeout(1000);
  }
  const openMs = await timeToChange(
    page,
    '.dashboard-summary',
    () => page.getByRole('button', { name: 'Analytics', exact: true }).click(),
    30_000,
  );
  if (!(await waitIn(page, () => !!document.querySelector('.dashboard-summary'), 30_000))) throw new Error('the dashboard never showed');
  await page.waitForTimeout(1000);
  const followMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const star = page.locator('.note-list .note-row').first().locator('.note-row-actions button.star');
    followMs.push(await timeToChange(page, '.dashboard', () => star.click(), 10_000));
    await page.waitForTimeout(500);
  }
  // Closed again (a view event), so the next page starts without it; its counts are stored by then.
  await page.waitForTimeout(4000);
  await close.click();
  await waitIn(page, () => !document.querySelector('.dashboard'), 10_000);
  return { openMs, followMs };
}

/** The replay view of the library's log: ready, timeline, single steps back, and jumps. */
export interface ReplayRun {
  events: number;
  readyMs: number;
  timelineMs: number;
  stepMs: number[];
  jumpMs: number[];
}

/**
 * From the notes app, *Event log* > *Replay event log* (a read-only copy of the whole log): ms from
 * the click to the frame after the view shows the last step (the current state the app holds,
 * shown while the events are read, or the replay's last step), and to the frame after the timeline
 * lists the events with the step controls enabled; then `steps` clicks on *Step back*, and jumps
 * with the slider to 10%, 50%, 90% and 30% of the log, each to the frame after the view changed.
 */
export async function replayRun(page: Page, steps: number): Promise<ReplayRun> {
  await page.locator('details.log-menu > summary').click();
  await page.evaluate(() => {
    const w = window as unknown as { __replay: { t0: number; ready: number; timeline: number } };
    w.__replay = { t0: Number.NaN, ready: Number.NaN, timeline: Number.NaN };
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element).closest('button')?.textContent === 'Replay event log') w.__replay.t0 = e.timeStamp;
      },
      { capture: true, once: true },
    );
    const frameAfter = (key: 'ready' | 'timeline') =>
      requestAnimationFrame(() => setTimeout(() => (w.__replay[key] = performance.now()), 0));
    const check = () => {
      const out = document.querySelector('output[aria-label="Current step"]')?.textContent ?? '';
      const m = /^Step (\d+) of (\d+)$/.exec(out);
      const last = !!m && m[1] === m[2] && Number(m[2]) > 0;
      const shown = !!document.querySelector('.replay-state');
      if (Number.isNaN(w.__replay.ready) && shown && (last || out === 'Current state')) {
        w.__replay.ready = 0;
        frameAfter('ready');
      }
      const back = document.querySelector<HTMLButtonElement>('button[aria-label="Step back"]');
      if (last && shown && back && !back.disabled && document.querySelector('.replay-timeline li')) {
        frameAfter('timeline');
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.getByRole('button', { name: 'Replay event log' }).click();
  if (!(await waitIn(page, () => !Number.isNaN((window as unknown as { __replay: { timeline: number } }).__replay.timeline), 300_000)))
    throw new Error('the replay view never listed the log');
  const { readyMs, timelineMs, events } = await page.evaluate(() => {
    const r = (window as unknown as { __replay: { t0: number; ready: number; timeline: number } }).__replay;
    const out = document.querySelector('output[aria-label="Current step"]')!.textContent;
    return { readyMs: r.ready - r.t0, timelineMs: r.timeline - r.t0, events: Number(/of (\d+)/.exec(out)![1]) };
  });
  await page.waitForTimeout(500);
  const stepMs: number[] = [];
  for (let i = 0; i < steps; i++) {
    stepMs.push(await timeToChange(page, '.replay-view', () => page.getByRole('button', { name: 'Step back' }).click(), 30_000));
    await page.waitForTimeout(100);
  }
  const jumpMs: number[] = [];
  const slider = page.getByRole('slider', { name: 'Step' });
  for (const at of [0.1, 0.5, 0.9, 0.3]) {
    jumpMs.push(await timeToChange(page, '.replay-view', () => slider.fill(String(Math.round(events * at))), 30_000));
    await page.waitForTimeout(200);
  }
  return { events, readyMs, timelineMs, stepMs, jumpMs };
}
