/**
 * An in-page probe for the sync figures (docs/benchmarks.md "Sync figures"): once armed with a
 * marker word, it timestamps when this page shows "Note saved!", when the app writes a `note_{id}`
 * key holding the marker, and when the editor shows it (and the frame after). Times are
 * `performance.timeOrigin + performance.now()`, comparable between pages of one machine.
 */
import type { Page } from '@playwright/test';

/** What the probe saw since it was last armed (NaN: not yet). */
export interface SyncProbeData {
  marker: string;
  savedAt: number;
  keyAt: number;
  editorAt: number;
  paintedAt: number;
}

declare global {
  interface Window {
    __syncProbe: SyncProbeData;
  }
}

/** Install the probe in a loaded page (it wraps `Storage.prototype.setItem` and observes the DOM while armed). */
export async function installSyncProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const now = () => performance.timeOrigin + performance.now();
    const probe: SyncProbeData = { marker: '', savedAt: Number.NaN, keyAt: Number.NaN, editorAt: Number.NaN, paintedAt: Number.NaN };
    window.__syncProbe = probe;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      setItem.call(this, key, value);
      if (probe.marker && Number.isNaN(probe.keyAt) && key.startsWith('note_') && String(value).includes(probe.marker)) probe.keyAt = now();
    };
    new MutationObserver(() => {
      if (!probe.marker) return;
      if (Number.isNaN(probe.savedAt) && document.querySelector('.status-message')?.textContent === 'Note saved!') probe.savedAt = now();
      if (Number.isNaN(probe.editorAt) && document.querySelector('.bn-editor')?.textContent?.includes(probe.marker)) {
        probe.editorAt = now();
        requestAnimationFrame(() => setTimeout(() => (probe.paintedAt = now()), 0));
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Start watching for `marker` (resets every time). */
export async function armSyncProbe(page: Page, marker: string): Promise<void> {
  await page.evaluate((m) => {
    Object.assign(window.__syncProbe, { marker: m, savedAt: Number.NaN, keyAt: Number.NaN, editorAt: Number.NaN, paintedAt: Number.NaN });
  }, marker);
}

/** Wait (bounded) until the probe has seen `fields`; returns what it saw (NaN for what did not come in time). */
export async function waitSyncProbe(
  page: Page,
  fields: readonly (keyof Omit<SyncProbeData, 'marker'>)[],
  timeoutMs: number,
): Promise<SyncProbeData> {
  await page
    .waitForFunction((names) => names.every((n) => !Number.isNaN(window.__syncProbe[n as 'keyAt'])), fields, {
      timeout: timeoutMs,
      polling: 50,
    })
    .catch(() => undefined);
  return page.evaluate(() => ({ ...window.__syncProbe }));
}
