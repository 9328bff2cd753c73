/**
 * New-device start for the sync bench (docs/sync.md "Figures"): an account of N notes is seeded by
 * one device (pushes sealed events, then uploads its folded NotesState as a sealed checkpoint, then
 * a tail of edits); a fresh device downloads the checkpoint and the tail, opens them and folds.
 * Measured: seconds until folded (decryption included) and bytes on the wire (gzip) and
 * uncompressed, beside a full replay from serverSeq 0.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { EVENT_SCHEMA_VERSION, type SealedEvent } from '../../catalog/index.ts';
import { sealCheckpoint } from '../../src/services/sync/e2ee/seal';
import type { NotesState } from '../../src/projections/notesState';
import { newDeviceId, SyncClient, type WireEvent } from '../../tests/sync/client';
import { fold, storageFingerprint } from './devices';

/** Figures of one new-device start. Times in s, sizes in bytes. */
export interface NewDeviceResult {
  notes: number;
  events: number;
  snapshotSeconds: number;
  snapshotWireBytes: number;
  snapshotTextBytes: number;
  replaySeconds: number;
  replayWireBytes: number;
  replayTextBytes: number;
  tailEvents: number;
  identical: boolean;
}

const event = (type: string, payload: Record<string, unknown>): WireEvent => ({
  v: EVENT_SCHEMA_VERSION,
  id: randomUUID(),
  at: new Date().toISOString(),
  type,
  payload,
});

/** Open pulled events with `client`'s account key, as a device does before folding them. */
const openAll = (client: SyncClient, events: { serverSeq: number; event: SealedEvent }[]) =>
  Promise.all(events.map(async (e) => ({ serverSeq: e.serverSeq, event: (await client.open(e.event)) as WireEvent })));

const paragraph = (i: number) => `<p>Note ${i}: ${'agenda items, follow-ups and a few thoughts about the week. '.repeat(1 + (i % 8))}</p>`;

/** Seeds an account of `notes` notes (created + one body save each) and a tail of `tail` edits, then starts a fresh device. */
export async function runNewDevice(hostUrl: string, notes: number, tail: number, label: string): Promise<NewDeviceResult> {
  const seeder = await new SyncClient(hostUrl, 120_000).register(`new-device-${label}@example.com`);
  const seedDevice = newDeviceId();
  const base = 1_600_000_000_000;
  const seeded: WireEvent[] = [];
  for (let i = 0; i < notes; i++) {
    const id = String(base + i);
    seeded.push(event('note.created', { id, title: `Note ${i}` }), event('note.body-saved', { id, html: paragraph(i) }));
    if (i % 17 === 0) seeded.push(event('note.starred', { id }));
  }
  const pushGzip = async (events: WireEvent[]) => {
    for (let i = 0; i < events.length; i += 500) {
      const sealed = await Promise.all(events.slice(i, i + 500).map((e) => seeder.seal(e)));
      const body = gzipSync(JSON.stringify({ deviceId: seedDevice, events: sealed }));
      const answer = await seeder.request('POST', '/functions/v1/sync/push', undefined, {
        rawBody: body,
        headers: { 'Content-Encoding': 'gzip' },
      });
      if (answer.status !== 200 || answer.json.refused?.length)
        throw new Error(`seed push ${answer.status}: ${JSON.stringify(answer.json)}`);
    }
  };
  await pushGzip(seeded);
  const seededLog = await seeder.pullAll(seedDevice, 0, true);
  const state: NotesState = fold(await openAll(seeder, seededLog.events));
  const checkpoint = await sealCheckpoint(seeder.keyring!.key, seeder.keyring!.userId, seededLog.head, state);
  const snapshotBody = gzipSync(JSON.stringify({ deviceId: seedDevice, ...checkpoint }));
  const put = await seeder.request('PUT', '/functions/v1/sync/snapshot', undefined, {
    rawBody: snapshotBody,
    headers: { 'Content-Encoding': 'gzip' },
  });
  if (put.status !== 200) throw new Error(`snapshot put ${put.status}: ${JSON.stringify(put.json)}`);
  const edits: WireEvent[] = [];
  for (let i = 0; i < tail; i++) {
    const id = String(base + ((i * 7919) % notes));
    edits.push(
      i % 3 === 0 ? event('note.renamed', { id, title: `Renamed ${i}` }) : event('note.body-saved', { id, html: paragraph(i + 1) }),
    );
  }
  await pushGzip(edits);
  const expected = storageFingerprint(fold(await openAll(seeder, (await seeder.pullAll(seedDevice, 0, true)).events)));

  // A fresh device: snapshot, then only the tail.
  const fresh = new SyncClient(hostUrl, 120_000);
  fresh.cookie = seeder.cookie;
  fresh.keyring = seeder.keyring;
  const freshDevice = newDeviceId();
  let t = performance.now();
  const snapshot = await fresh.getSnapshot(freshDevice, true);
  if (snapshot.status !== 200) throw new Error(`snapshot get ${snapshot.status}`);
  const rest = await fresh.pullAll(freshDevice, snapshot.json.serverSeq, true);
  const fromSnapshot = fold(await openAll(fresh, rest.events), (await fresh.openSnapshot(snapshot.json)) as NotesState);
  const snapshotSeconds = (performance.now() - t) / 1000;
  const identicalSnapshot = storageFingerprint(fromSnapshot) === expected;

  // The same device without a snapshot: the whole log.
  t = performance.now();
  const all = await fresh.pullAll(freshDevice, 0, true);
  const replayed = fold(await openAll(fresh, all.events));
  const replaySeconds = (performance.now() - t) / 1000;

  return {
    notes,
    events: all.events.length,
    snapshotSeconds,
    snapshotWireBytes: snapshot.wireBytes + rest.wireBytes,
    snapshotTextBytes: snapshot.textBytes + rest.textBytes,
    replaySeconds,
    replayWireBytes: all.wireBytes,
    replayTextBytes: all.textBytes,
    tailEvents: rest.events.length,
    identical: identicalSnapshot && storageFingerprint(replayed) === expected,
  };
}
