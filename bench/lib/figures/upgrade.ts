import type { BrowserContext, Page } from '@playwright/test';
import { asPreviousBuildInPage, type PreviousBuildLog } from '../upgradeSeed';
import { organizeStart, type OrganizeStart } from './organizeStart';
import { openUsable } from './libraryViews';

/** Event schema version of the build before notebooks and tags (docs/architecture.md "Schema versions"). */
const PREVIOUS_SCHEMA = 3;

/** One update: the log made the previous build's, the first start of this build on it, and the start after. */
export interface UpgradeRun {
  rewritten: PreviousBuildLog;
  first: OrganizeStart;
  /** Whether this build had written a snapshot of its own before the second start (within 20 s of use). */
  ownSnapshot: boolean;
  second: OrganizeStart;
}

/** The schema version, writer and seq of the newest whole snapshot record in the page's log (null: none). */
export function newestSnapshot(page: Page): Promise<{ v: number; writer: string | null; seq: number } | null> {
  return page.evaluate(
    () =>
      new Promise<{ v: number; writer: string | null; seq: number } | null>((resolve, reject) => {
        const req = indexedDB.open('notepad-log');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          // Whole snapshots have the highest keys (heads are stored at -seq).
          const cursor = db.transaction('snapshots').objectStore('snapshots').openCursor(null, 'prev');
          cursor.onsuccess = () => {
            const value = cursor.result?.value as { v: number; writer?: string; seq: number } | undefined;
            db.close();
            resolve(value ? { v: value.v, writer: value.writer ?? null, seq: value.seq } : null);
          };
          cursor.onerror = () => (db.close(), reject(cursor.error));
        };
      }),
  );
}

/**
 * On a library the app has opened before (its own snapshot stored; no app page open): write the log
 * back as the previous build left it (upgradeSeed.ts), start this build on it, use it for up to 20 s
 * waiting for a snapshot of this build, and start it again.
 */
export async function upgradeRun(context: BrowserContext, origin: string): Promise<UpgradeRun> {
  // From a page of the app: its service worker serves the app at every path of the origin by now.
  // Nothing is appended there, and it is closed before the start, so its own snapshot comes too late to matter.
  const appPage = await context.newPage();
  let rewritten: PreviousBuildLog;
  try {
    await openUsable(appPage, origin, 500);
    rewritten = await appPage.evaluate(asPreviousBuildInPage, PREVIOUS_SCHEMA);
    const stored = await newestSnapshot(appPage);
    if (stored?.v !== PREVIOUS_SCHEMA)
      throw new Error(`the log was not left as the previous build's: newest snapshot ${JSON.stringify(stored)}`);
  } finally {
    await appPage.close();
  }
  const first = await organizeStart(context, origin);
  const page = await context.newPage();
  let ownSnapshot = false;
  try {
    await openUsable(page, origin, 1000);
    for (let waited = 0; waited < 20_000 && !ownSnapshot; waited += 500) {
      const newest = await newestSnapshot(page);
      ownSnapshot = !!newest && newest.v > PREVIOUS_SCHEMA && newest.writer !== null;
      if (!ownSnapshot) await page.waitForTimeout(500);
    }
  } finally {
    await page.close();
  }
  const second = await organizeStart(context, origin);
  return { rewritten, first, ownSnapshot, second };
}
