/**
 * An account of many notes on the real host, seeded through the sync API as one device would
 * (docs/benchmarks.md "Sync figures"): the notes' events pushed in 500-event gzip batches with the
 * session cookie, then the account's checkpoint uploaded exactly as the app's engine uploads it
 * (src/services/sync/engine.ts `maybeCheckpoint`: the notes folded in server order with the app's
 * own projection, bodies HTML only, format `CHECKPOINT_FORMAT`), then a tail of later edits.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { EVENT_SCHEMA_VERSION } from '../../../catalog/index.ts';
import { readRecord } from '../../../catalog';
import { foldNotes } from '../../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../../src/projections/notesState';
import { sealCheckpoint } from '../../../src/services/sync/e2ee/seal';
import { newDeviceId, SyncClient, type WireEvent } from '../../../tests/sync/client';
import { blockId, paragraphBlock, paragraphsHtml, prng, vocabulary, words } from '../corpus';
import { NOTE_ID_BASE } from '../pageSeed';
import { BENCH_PASSWORD } from './signInSteps';

/** What was seeded: event counts, the checkpoint's position and size. */
export interface SeededAccount {
  email: string;
  notes: number;
  events: number;
  checkpointSeq: number;
  head: number;
  checkpointJsonBytes: number;
  checkpointGzipBytes: number;
}

const DAY = 86_400_000;

/** Events of `notes` notes: created, one body save of 10-50 words (BlockNote blocks and HTML, as the app saves), every 17th starred. */
function noteEvents(notes: number, rand: () => number, vocab: string[], now: number): WireEvent[] {
  const events: WireEvent[] = [];
  const event = (at: number, type: string, payload: Record<string, unknown>): WireEvent => ({
    v: EVENT_SCHEMA_VERSION,
    id: randomUUID(),
    at: new Date(at).toISOString(),
    type,
    payload,
  });
  for (let i = 0; i < notes; i++) {
    const id = String(NOTE_ID_BASE + i * 1000);
    const at = now - 200 * DAY + i * 60_000;
    const blocks = [paragraphBlock(blockId(rand), words(vocab, 10 + Math.floor(rand() * 41), rand))];
    events.push(event(at, 'note.created', { id, title: `${words(vocab, 2, rand)} ${i}` }));
    events.push(event(at + 1000, 'note.body-saved', { id, html: paragraphsHtml(blocks), blocks }));
    if (i % 17 === 0) events.push(event(at + 2000, 'note.starred', { id }));
  }
  return events;
}

/** `count` later edits on random notes: body saves (70%), renames (20%), stars and unstars. */
function tailEvents(notes: number, count: number, rand: () => number, vocab: string[], now: number): WireEvent[] {
  return Array.from({ length: count }, (_, k) => {
    const id = String(NOTE_ID_BASE + Math.floor(rand() * notes) * 1000);
    const at = new Date(now - DAY + k * 1000).toISOString();
    const roll = rand();
    const base = { v: EVENT_SCHEMA_VERSION, id: randomUUID(), at };
    if (roll < 0.7) {
      const blocks = [paragraphBlock(blockId(rand), words(vocab, 10 + Math.floor(rand() * 41), rand))];
      return { ...base, type: 'note.body-saved', payload: { id, html: paragraphsHtml(blocks), blocks } };
    }
    if (roll < 0.9) return { ...base, type: 'note.renamed', payload: { id, title: words(vocab, 3, rand) } };
    return { ...base, type: rand() < 0.5 ? 'note.starred' : 'note.unstarred', payload: { id } };
  });
}

/** Push `events` in 500-event gzip batches. @throws on any answer but 200, or one that refuses an event */
async function pushAll(client: SyncClient, deviceId: string, events: WireEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    // Sealed as a device seals them (docs/sync.md "What the host can see").
    const sealed = await Promise.all(events.slice(i, i + 500).map((e) => client.seal(e)));
    const body = gzipSync(JSON.stringify({ deviceId, events: sealed }));
    const answer = await client.request('POST', '/functions/v1/sync/push', undefined, {
      rawBody: body,
      headers: { 'Content-Encoding': 'gzip' },
    });
    if (answer.status !== 200 || answer.json.refused?.length) {
      throw new Error(`seeding push answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    }
  }
}

/**
 * Create the account `email` on `origin` and seed it with `notes` notes, a checkpoint at that
 * point, and `tail` later edits (a new device pulls those after the checkpoint).
 */
export async function seedAccount(origin: string, email: string, notes: number, tail: number): Promise<SeededAccount> {
  const client = await new SyncClient(origin + '/', 300_000).register(email, BENCH_PASSWORD);
  const deviceId = newDeviceId();
  const rand = prng(2026);
  const vocab = vocabulary();
  const now = Date.now();
  const seeded = noteEvents(notes, rand, vocab, now);
  await pushAll(client, deviceId, seeded);

  // The checkpoint, as maybeCheckpoint builds it: fold of the pulled log in server order, bodies HTML only.
  const log = await client.pullAll(deviceId, 0, true);
  const opened = await Promise.all(log.events.map(async ({ serverSeq, event }) => ({ serverSeq, event: await client.open(event) })));
  const events = opened.map(({ serverSeq, event }) => {
    const read = readRecord(event, { requireSeq: false });
    if (read.kind !== 'event') throw new Error(`seeded event ${serverSeq} does not read back: ${JSON.stringify(read)}`);
    return read.event;
  });
  const folded = foldNotes(EMPTY_NOTES, events);
  const bodies = Object.fromEntries(Object.entries(folded.bodies).map(([id, body]) => [id, { html: body.html }]));
  const checkpoint = await sealCheckpoint(client.keyring!.key, client.keyring!.userId, log.head, { ...folded, bodies });
  const json = JSON.stringify({ deviceId, ...checkpoint });
  const gzip = gzipSync(json);
  const put = await client.request('PUT', '/functions/v1/sync/snapshot', undefined, {
    rawBody: gzip,
    headers: { 'Content-Encoding': 'gzip' },
  });
  if (put.status !== 200) throw new Error(`checkpoint upload answered ${put.status}: ${JSON.stringify(put.json)}`);

  await pushAll(client, deviceId, tailEvents(notes, tail, rand, vocab, now));
  const head = await client.head(deviceId);
  return {
    email,
    notes,
    events: seeded.length + tail,
    checkpointSeq: log.head,
    head: head.json.head,
    checkpointJsonBytes: Buffer.byteLength(json),
    checkpointGzipBytes: gzip.byteLength,
  };
}
