/**
 * Figure: bytes uploaded during a minute of typing in a 5,000-block note (docs/benchmarks.md "Sync
 * figures"). A signed-in device holding the note types phrases of 2-4 words at the end of its
 * second paragraph for 60 s, pausing 2.2 s after each (the autosave saves after 2 s of quiet, so it
 * saves every few seconds, as while writing); every push to /functions/v1/sync/push from the first key
 * until the device is synced again after the last save is counted as it goes on the wire. Then one
 * word is typed and saved alone, and its pushes are counted apart (the one-word save figure).
 */
import type { Browser } from '@playwright/test';
import { gunzipSync } from 'node:zlib';
import type { paragraphDoc } from '../corpus';
import { prng, vocabulary, words } from '../corpus';
import { notePadEditorContext } from '../figures/editor';
import { newDeviceId, SyncClient } from '../../../tests/sync/client';
import { BENCH_PASSWORD, benchEmail, openApp, signInThroughUi, waitSynced } from './signInSteps';
import { openSeededNote } from './openNote';
import { callsTo, recordTraffic, total } from './traffic';

type Doc = ReturnType<typeof paragraphDoc>;

/** The pause after each phrase: just over the autosave's 2 s of quiet, so a save comes every few seconds. */
const PAUSE_MS = 2200;

/** What a minute of typing sent. Bytes are request bodies. */
export interface UploadResult {
  typedMs: number;
  keys: number;
  pushes: number;
  /** As sent (gzip for bodies of 16 KiB or more). */
  wireBytes: number;
  wireWithHeadersBytes: number;
  /** The same bodies inflated: the JSON the app pushed. */
  jsonBytes: number;
  events: number;
  /** Saves as changes (`note.changed`) the account holds at the end, read back opened (pushes are sealed). */
  changeSaves: number;
  /** Whole-body saves (`note.body-saved`) the account holds at the end, the seeding device's included. */
  bodySaves: number;
  largestPushWireBytes: number;
  failed: number;
  /** The server's events hold the last phrase typed (read back with the device's session). */
  reachedServer: boolean;
  /** Bytes on the wire (request bodies as sent) of the pushes that carried one word typed and saved alone. */
  oneWordWireBytes: number;
  /** The events those pushes carried. */
  oneWordEvents: number;
  /** The account on the host before the minute (the seeded note) and what the minute added: JSON bytes as pulled, and gzip bytes a new device downloads. */
  seedStored: StoredBytes;
  minuteStored: StoredBytes;
}

/** An account's events as the host serves them: their JSON as pulled (the stored text, with the page's framing) and the gzip answers' bytes. */
interface StoredBytes {
  events: number;
  textBytes: number;
  gzipBytes: number;
}

/** The account's events on the host, pulled whole by a client of it (gzip answers, as a new device asks). */
async function storedBytes(origin: string, email: string): Promise<StoredBytes> {
  const client = new SyncClient(origin + '/', 60_000);
  if ((await client.signIn(email, BENCH_PASSWORD)).status !== 200) return { events: 0, textBytes: 0, gzipBytes: 0 };
  const all = await client.pullAll(newDeviceId(), 0, true);
  return { events: all.events.length, textBytes: all.textBytes, gzipBytes: all.wireBytes };
}

/** The text a saved event carries: a whole body's HTML, or the HTML of the blocks a change carries. */
function savedText(e: Record<string, unknown>): string {
  const payload = (e.payload ?? {}) as { html?: string; blocks?: { html?: string }[] };
  if (e.type === 'note.body-saved') return payload.html ?? '';
  if (e.type === 'note.changed') return (payload.blocks ?? []).map((b) => b.html ?? '').join('');
  return '';
}

/**
 * The account's saves read back by a client of it that signs in and opens its events: how many of
 * each kind, and whether the last one carries `text`.
 */
async function serverSaves(origin: string, email: string, text: string): Promise<{ changes: number; bodies: number; hasText: boolean }> {
  const client = new SyncClient(origin + '/', 60_000);
  if ((await client.signIn(email, BENCH_PASSWORD)).status !== 200) return { changes: 0, bodies: 0, hasText: false };
  const { events } = await client.pullAll(newDeviceId(), 0, true);
  const opened = await Promise.all(events.map((e) => client.open(e.event)));
  const saves = opened.filter((e) => e.type === 'note.body-saved' || e.type === 'note.changed');
  const last = saves[saves.length - 1];
  return {
    changes: saves.filter((e) => e.type === 'note.changed').length,
    bodies: saves.filter((e) => e.type === 'note.body-saved').length,
    hasText: !!last && savedText(last).includes(text),
  };
}

/** Type for `typingMs` into `doc` on a signed-in device and count what its pushes sent. */
export async function measureUpload(
  browser: Browser,
  origin: string,
  doc: Doc,
  typingMs: number,
  log: (msg: string) => void,
): Promise<UploadResult> {
  const context = await notePadEditorContext(browser, origin, doc);
  try {
    const signIn = await openApp(context, origin);
    const email = benchEmail('upload');
    await signInThroughUi(signIn, email, true, 180_000);
    await signIn.close();
    const page = await openSeededNote(context, origin, doc.blocks.length);
    await waitSynced(page, 180_000);
    await page.locator('.bn-editor .bn-inline-content').nth(1).click();
    await page.keyboard.press('End');
    await page.waitForTimeout(300);

    const seedStored = await storedBytes(origin, email);
    const traffic = await recordTraffic(page, true);
    const rand = prng(11);
    const vocab = vocabulary();
    const started = performance.now();
    let keys = 0;
    let sentence = '';
    while (performance.now() - started < typingMs) {
      sentence = ` ${words(vocab, 2 + Math.floor(rand() * 3), rand)}.`;
      // 100 ms between keys (plus the editor's own time per key); a pause after each phrase lets the autosave (2 s of quiet) fire.
      await page.keyboard.type(sentence, { delay: 100 });
      keys += sentence.length;
      await page.waitForTimeout(PAUSE_MS);
    }
    const typedMs = performance.now() - started;
    // The last sentence's save and its push: wait until it is on the server.
    await page.waitForTimeout(500);
    await waitSynced(page, 120_000);
    await traffic.settled();
    const pushes = callsTo(traffic.calls(), '/functions/v1/sync/push');
    const afterMinute = await storedBytes(origin, email);
    const minuteStored = {
      events: afterMinute.events - seedStored.events,
      textBytes: afterMinute.textBytes - seedStored.textBytes,
      gzipBytes: afterMinute.gzipBytes - seedStored.gzipBytes,
    };
    // One word, saved alone: its pushes are the ones after the minute's.
    await page.keyboard.type(' lantern', { delay: 100 });
    await page.waitForTimeout(PAUSE_MS + 500);
    await waitSynced(page, 120_000);
    await traffic.settled();
    await traffic.stop();
    const oneWord = callsTo(traffic.calls(), '/functions/v1/sync/push').slice(pushes.length);
    let jsonBytes = 0;
    let events = 0;
    for (const push of pushes) {
      if (!push.body) continue;
      const json = push.requestEncoding === 'gzip' ? gunzipSync(push.body) : push.body;
      jsonBytes += json.byteLength;
      const sent = JSON.parse(json.toString('utf8')) as { events: unknown[] };
      events += sent.events.length;
    }
    const oneWordEvents = oneWord.reduce((n, push) => {
      if (!push.body) return n;
      const json = push.requestEncoding === 'gzip' ? gunzipSync(push.body) : push.body;
      return n + (JSON.parse(json.toString('utf8')) as { events: unknown[] }).events.length;
    }, 0);
    const saves = await serverSaves(origin, email, 'lantern');
    const result: UploadResult = {
      typedMs,
      keys,
      pushes: pushes.length,
      wireBytes: total(pushes, 'requestBodyBytes'),
      wireWithHeadersBytes: total(pushes, 'requestBodyBytes') + total(pushes, 'requestHeadersBytes'),
      jsonBytes,
      events,
      changeSaves: saves.changes,
      bodySaves: saves.bodies,
      largestPushWireBytes: Math.max(0, ...pushes.map((p) => p.requestBodyBytes)),
      failed: pushes.filter((p) => p.failed || p.status !== 200).length,
      reachedServer: saves.hasText,
      oneWordWireBytes: total(oneWord, 'requestBodyBytes'),
      oneWordEvents,
      seedStored,
      minuteStored,
    };
    log(
      `upload: ${result.pushes} pushes, ${(result.wireBytes / 1e6).toFixed(2)} MB on the wire (${(result.jsonBytes / 1e6).toFixed(1)} MB JSON) in ${(typedMs / 1000).toFixed(0)} s of typing; one word: ${oneWord.length} pushes, ${result.oneWordWireBytes} B`,
    );
    await page.close();
    return result;
  } finally {
    await context.close();
  }
}
