import type { BrowserContext, Page } from '@playwright/test';

/** What the in-page probe records (times in ms since navigation start, `performance.now()`). */
export interface ProbeData {
  editableAt: number | null;
  firstRowAt: number | null;
  keys: { t0: number; t1: number }[];
  longtasks: { start: number; duration: number }[];
  /**
   * Long animation frames (>= 50 ms): the Long Tasks API leaves out the rendering task
   * (style, layout, IntersectionObserver and content-visibility passes, paint), this API does not.
   * `renderStart` is 0 for a frame that did not render.
   */
  frames: { start: number; duration: number; renderStart: number }[];
  search: { t0: number; tMut: number; t1: number }[];
}

declare global {
  interface Window {
    __probe: ProbeData;
  }
}

/**
 * Install the probe in every page of `context`, before any app script: it timestamps the first
 * editable `.bn-editor` and the first sidebar row (at the frame after they entered the DOM),
 * every keydown to the frame after it, every long task and every long animation frame. The DOM observer stops once what it
 * waits for has appeared, so it costs nothing while typing.
 */
export async function installProbe(context: BrowserContext, waitRows: boolean): Promise<void> {
  await context.addInitScript((rows: boolean) => {
    const probe: ProbeData = { editableAt: null, firstRowAt: null, keys: [], longtasks: [], frames: [], search: [] };
    window.__probe = probe;
    // rAF runs before the frame is painted; a task queued from it runs after that paint.
    const afterFrame = (cb: () => void) => requestAnimationFrame(() => setTimeout(cb, 0));
    let editableSeen = false;
    let rowSeen = !rows;
    const check = () => {
      if (!editableSeen && document.querySelector('.bn-editor[contenteditable="true"]')) {
        editableSeen = true;
        afterFrame(() => (probe.editableAt = performance.now()));
      }
      if (!rowSeen && document.querySelector('.note-list .note-row')) {
        rowSeen = true;
        afterFrame(() => (probe.firstRowAt = performance.now()));
      }
      if (editableSeen && rowSeen) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable'] });
    window.addEventListener(
      'keydown',
      (e) => {
        const entry = { t0: e.timeStamp, t1: Number.NaN };
        probe.keys.push(entry);
        afterFrame(() => (entry.t1 = performance.now()));
      },
      true,
    );
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No Long Tasks API: the autosave figure reports null.
    }
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { renderStart: number })[])
          probe.frames.push({ start: e.startTime, duration: e.duration, renderStart: e.renderStart });
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // No Long Animation Frames API: rendering tasks are not seen.
    }
  }, waitRows);
}

/**
 * Arm the search probe in a loaded page: each `input` on the search box starts an entry; the first
 * change inside the note list after it with the list not busy (`aria-busy`: a query typed before the
 * stored search index was read shows its title matches first, its body matches after), and the frame
 * after that change, end it.
 */
export async function armSearchProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = window.__probe;
    const afterFrame = (cb: () => void) => requestAnimationFrame(() => setTimeout(cb, 0));
    document.addEventListener(
      'input',
      (e) => {
        if ((e.target as HTMLElement).matches('input[type="search"]'))
          probe.search.push({ t0: e.timeStamp, tMut: Number.NaN, t1: Number.NaN });
      },
      true,
    );
    const list = document.querySelector('.note-list-scroller') ?? document.body;
    new MutationObserver(() => {
      const entry = probe.search[probe.search.length - 1];
      if (!entry || !Number.isNaN(entry.tMut) || list.getAttribute('aria-busy') === 'true') return;
      entry.tMut = performance.now();
      afterFrame(() => (entry.t1 = performance.now()));
    }).observe(list, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/** The probe's data so far. */
export function readProbe(page: Page): Promise<ProbeData> {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__probe)) as ProbeData);
}

/** Wait (bounded) until `pred` holds in the page; false on timeout. */
export async function waitIn(page: Page, pred: () => boolean, timeoutMs: number): Promise<boolean> {
  try {
    await page.waitForFunction(pred, undefined, { timeout: timeoutMs, polling: 16 });
    return true;
  } catch {
    return false;
  }
}
