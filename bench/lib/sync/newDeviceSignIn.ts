/**
 * Figure: a new device's start for a 10,000-note account (docs/benchmarks.md "Sync figures"). A
 * fresh browser context opens the app (no notes), signs in through the account dialog; measured
 * in the page from the trusted click on "Sign in" to the first frame where the note list holds
 * every note of the account and the status line says "Synced at …", and the bytes of the sync
 * calls on the wire meanwhile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { newContext } from '../browser';
import { startProfile, type Attribution, type FrameNamer } from '../profile';
import { openApp, submitSignIn } from './signInSteps';
import { callsTo, recordTraffic, total, type Call } from './traffic';

/** One new device's start. */
export interface NewDeviceRun {
  seconds: number;
  /** Until the list first held every note (from the checkpoint, before the tail is pulled and "Synced at"). */
  listSeconds: number;
  /** Response bodies of /functions/v1/sync/* as received (gzip), and with headers. */
  downloadBytes: number;
  downloadWithHeadersBytes: number;
  /** Request bodies of /functions/v1/sync/* as sent. */
  uploadBytes: number;
  /** Rows the list holds at the end, counted by scrolling to its last row. */
  rows: number;
  /** `after` of the first pull: the checkpoint's serverSeq when the device started from it, 0 when it replayed the log. */
  firstPullAfter: number | null;
  calls: Omit<Call, 'body'>[];
  /** Where the CPU time went from the click to the end (a profiled run, outside the measured ones). */
  profile?: Attribution;
}

/**
 * Wait for the sign-in click, then for the list to hold `notes` rows and "Synced at"; ms in the
 * page to both and to the list alone (checked every frame), or NaN after `timeoutMs`.
 */
async function timeToSynced(page: Page, notes: number, timeoutMs: number): Promise<{ ms: number; listMs: number }> {
  const done = await page
    .waitForFunction(
      (n) => {
        const w = window as unknown as { __signInAt?: number; __listAt?: number; __syncedAt?: number };
        if (w.__signInAt === undefined) return false;
        const list = document.querySelector<HTMLElement>('ul.note-list');
        if (!list) return false;
        if (w.__listAt === undefined) {
          // The list is virtualized and every row has the stylesheet's one height (src/ui/sidebar/rowSizes.ts):
          // the list is as high as its rows together.
          const row = list.querySelector<HTMLElement>('li.note-row')?.getBoundingClientRect().height ?? 0;
          if (row === 0 || Math.round(list.getBoundingClientRect().height / row) < n) return false;
          w.__listAt = performance.now();
        }
        const status = document.querySelector('[role="status"][aria-label="Sync status"]')?.textContent ?? '';
        if (!status.startsWith('Synced at ')) return false;
        w.__syncedAt = performance.now();
        return true;
      },
      notes,
      { timeout: timeoutMs, polling: 'raf' },
    )
    .then(
      () => true,
      () => false,
    );
  if (!done) return { ms: Number.NaN, listMs: Number.NaN };
  return page.evaluate(() => {
    const w = window as unknown as { __signInAt: number; __listAt: number; __syncedAt: number };
    return { ms: w.__syncedAt - w.__signInAt, listMs: w.__listAt - w.__signInAt };
  });
}

/** The rows of the list (after the measurement): its height over the one height every row has (rowSizes.ts). */
async function countRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('ul.note-list');
    const row = list?.querySelector<HTMLElement>('li.note-row')?.getBoundingClientRect().height ?? 0;
    return list && row > 0 ? Math.round(list.getBoundingClientRect().height / row) : 0;
  });
}

/** BENCH_PROFILE=1: the profiled run's whole CPU profile, to open in Chromium's DevTools (Performance). */
function saveProfile(cpu: unknown): void {
  const dir = join(import.meta.dirname, '..', '..', 'results', 'profiles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `newdevice-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(cpu));
  console.log(`  new device profile: ${file}`);
}

/**
 * One fresh device of the account `email` holding `notes` notes: sign in and wait until it shows
 * them all, synced. With `namer`, the run is profiled (its time is then not a measurement).
 */
export async function newDeviceRun(
  browser: Browser,
  origin: string,
  email: string,
  notes: number,
  namer?: FrameNamer,
): Promise<NewDeviceRun> {
  const context = await newContext(browser);
  try {
    const page = await openApp(context, origin);
    const traffic = await recordTraffic(page);
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (e) => {
          const w = window as unknown as { __signInAt?: number };
          if ((e.target as Element).closest('button')?.textContent === 'Sign in' && w.__signInAt === undefined) w.__signInAt = e.timeStamp;
        },
        true,
      ),
    );
    const stopProfile = namer ? await startProfile(page) : null;
    await submitSignIn(page, email, false);
    const { ms, listMs } = await timeToSynced(page, notes, 300_000);
    const cpu = stopProfile ? await stopProfile() : null;
    const profile = cpu && namer ? namer.attribute(cpu, 15) : undefined;
    if (cpu && process.env.BENCH_PROFILE) saveProfile(cpu);
    // The calls as they stood at that moment (the live stream goes on receiving pings).
    const calls = traffic.calls().map(({ body: _body, ...call }) => ({ ...call }));
    await traffic.stop();
    const rows = await countRows(page);
    const sync = callsTo(calls, '/functions/v1/sync/');
    const firstPull = sync.find((c) => c.path.startsWith('/functions/v1/sync/pull'));
    return {
      seconds: ms / 1000,
      listSeconds: listMs / 1000,
      downloadBytes: total(sync, 'responseBodyBytes'),
      downloadWithHeadersBytes: total(sync, 'responseBodyBytes') + total(sync, 'responseHeadersBytes'),
      uploadBytes: total(sync, 'requestBodyBytes'),
      rows,
      firstPullAfter: firstPull ? Number(new URL(firstPull.path, origin).searchParams.get('after')) : null,
      calls,
      profile,
    };
  } finally {
    await context.close();
  }
}
