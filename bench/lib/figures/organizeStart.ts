import type { BrowserContext } from '@playwright/test';
import { waitIn } from '../probes';

/** One start of a library, with or without notebooks and tags (ms since navigation start unless said). */
export interface OrganizeStart {
  firstRowMs: number;
  editableMs: number;
  /** The frame after the sidebar's trees went live (counts and keys, after start-up); NaN if they never did. */
  treesLiveMs: number;
  /**
   * The frame that drew the live trees: its long animation frame's duration (task and rendering), or,
   * when it had none (under 50 ms), from that commit to the frame after it (ms; NaN: never live).
   */
  treeFrameMs: number;
  /** Whether that frame was a long animation frame (>= 50 ms). */
  treeFrameLong: boolean;
}

declare global {
  interface Window {
    __trees?: { commitAt: number; paintedAt: number };
  }
}

/**
 * Install, in every page of `context` before any app script, the trees' probe: the time of the DOM
 * change that made the sidebar's trees live (`.organise-nav` loses `aria-busy`, in the commit that
 * renders them with their counts) and of the frame after it. Installed for both libraries alike.
 */
export async function installTreesProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const trees = { commitAt: Number.NaN, paintedAt: Number.NaN };
    window.__trees = trees;
    const observer = new MutationObserver(() => {
      const nav = document.querySelector('.organise-nav');
      if (!nav || nav.hasAttribute('aria-busy')) return;
      observer.disconnect();
      trees.commitAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => (trees.paintedAt = performance.now()), 0));
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
}

/**
 * Open the app in a new page of `context` (installProbe and installTreesProbe installed) and time its
 * start: first row, editable note, the trees live. Closes the page.
 * @throws when the library never becomes editable within 3 min.
 */
export async function organizeStart(context: BrowserContext, origin: string): Promise<OrganizeStart> {
  const page = await context.newPage();
  try {
    await page.goto(origin + '/');
    if (!(await waitIn(page, () => window.__probe.editableAt !== null && window.__probe.firstRowAt !== null, 180_000)))
      throw new Error('the library never became editable');
    await waitIn(page, () => !Number.isNaN(window.__trees!.paintedAt), 60_000);
    return await page.evaluate(() => {
      const { commitAt, paintedAt } = window.__trees!;
      const frame = window.__probe.frames.find((f) => f.start <= commitAt && commitAt <= f.start + f.duration);
      return {
        firstRowMs: window.__probe.firstRowAt!,
        editableMs: window.__probe.editableAt!,
        treesLiveMs: paintedAt,
        treeFrameMs: frame ? frame.duration : paintedAt - commitAt,
        treeFrameLong: !!frame,
      };
    });
  } finally {
    await page.close();
  }
}
