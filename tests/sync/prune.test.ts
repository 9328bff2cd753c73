// The host drops sealed events a checkpoint covers (docs/sync.md "snapshot", "Key endpoints"),
// through the real host on SQLite and Postgres: only a checkpoint uploaded with the proof of a
// holder of the account key drops anything; a stolen session can neither drop nor replace one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_PROOF_INFO,
  CHECKPOINT_PROOF_REFUSED,
  CHECKPOINT_VERIFIER_MISSING,
  checkpointVerifierOf,
  eventsDroppedMessage,
  type SealedEvent,
} from '../../catalog/index.ts';
import { EVENTS_DROPPED_ANSWER, HEAD_FLOOR_ANSWER, SNAPSHOT_STORED_ANSWER } from '../../catalog/wireSchemas.ts';
import { readRecoveryKey, recoveryProof } from '../../src/services/sync/e2ee/deviceKeys';
import { sealCheckpoint } from '../../src/services/sync/e2ee/seal';
import { appProfile } from './appDevice';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { readSyncConfig } from '../../server/sync/syncConfig';
import { startSyncHost, type InProcessHost } from './host';

const cluster = usePostgresCluster();
let databases = 0;
const DAY_MS = 86_400_000;

/** The recovery key's bytes of a client's last sign-up. */
const recoveryBytes = (client: SyncClient) => readRecoveryKey(client.recoveryKey!)!;

/** The checkpoint proof as a device makes it: HKDF-SHA-256 of the recovery key, salt empty, 32 bytes, base64url. */
async function checkpointProof(client: SyncClient): Promise<string> {
  const base = await crypto.subtle.importKey('raw', recoveryBytes(client), 'HKDF', false, ['deriveBits']);
  const info = new TextEncoder().encode(CHECKPOINT_PROOF_INFO);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info }, base, 256);
  return Buffer.from(bits).toString('base64url');
}

/** Registers the client's checkpoint verifier with its recovery proof. */
async function registerVerifier(client: SyncClient, deviceId: string) {
  const proof = await checkpointProof(client);
  return client.request('POST', '/functions/v1/sync/checkpoint-verifier', {
    deviceId,
    recoveryProof: await recoveryProof(recoveryBytes(client)),
    verifier: await checkpointVerifierOf(proof),
  });
}

/** Uploads a sealed checkpoint of `state` at `serverSeq`, with `proof` when given. */
async function putCheckpoint(client: SyncClient, deviceId: string, serverSeq: number, proof?: string, state: unknown = { at: serverSeq }) {
  const sealed = await sealCheckpoint(client.keyring!.key, client.keyring!.userId, serverSeq, state);
  return client.request('PUT', '/functions/v1/sync/snapshot', { deviceId, ...sealed, proof });
}

/** Seals and pushes `n` note events; @returns the sealed events in order. */
async function pushEvents(client: SyncClient, deviceId: string, n: number): Promise<SealedEvent[]> {
  const sealed = await Promise.all(
    Array.from({ length: n }, (_, i) => client.seal(noteEvent('note.created', { id: `17000000000${i}`, title: `Note ${i}` }))),
  );
  const pushed = await client.pushRaw(deviceId, sealed);
  expect(pushed.status).toBe(200);
  expect(pushed.json.accepted).toHaveLength(n);
  return sealed;
}

const randomProof = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

it('reads SYNC_KEEP_DAYS as whole days from 0, 30 when unset, and stops at a bad value naming it', () => {
  expect(readSyncConfig({}).keepDays).toBe(30);
  expect(readSyncConfig({ SYNC_KEEP_DAYS: '0' }).keepDays).toBe(0);
  for (const bad of ['-1', '1.5', 'week']) expect(() => readSyncConfig({ SYNC_KEEP_DAYS: bad })).toThrow(/SYNC_KEEP_DAYS/);
});

describe.each(['sqlite', 'postgres'])('dropping covered events on %s', (kind) => {
  let host: InProcessHost;
  let keeping: InProcessHost;
  let databaseUrls: string[] = [];
  let clock = new Date('2026-11-01T09:00:00.000Z');
  const now = () => clock;

  beforeAll(async () => {
    const env = async (): Promise<Record<string, string>> => {
      if (kind !== 'postgres') return {};
      const url = await cluster().createDatabase(`prune_${++databases}`);
      databaseUrls.push(url);
      return { DATABASE_URL: url };
    };
    databaseUrls = [];
    host = await startSyncHost({ ...(await env()), SYNC_KEEP_DAYS: '0' }, undefined, now);
    keeping = await startSyncHost({ ...(await env()), SYNC_KEEP_DAYS: '30' }, undefined, now);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await keeping?.close();
  });

  /** The stored bodies of `userId`'s events on `which` host, by serverSeq. */
  async function storedBodies(which: InProcessHost, userId: string): Promise<string[]> {
    const sql = 'SELECT body FROM sync_events WHERE user_id = $1 ORDER BY server_seq';
    if (kind === 'sqlite') {
      const db = new Database(join(which.dir, 'sync.sqlite'), { readonly: true });
      try {
        return db
          .prepare<[string], { body: string }>(sql.replace('$1', '?'))
          .all(userId)
          .map((row) => row.body);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrls[which === host ? 0 : 1] });
    await client.connect();
    try {
      return (await client.query<{ body: string }>(sql, [userId])).rows.map((row) => row.body);
    } finally {
      await client.end();
    }
  }

  /** Rows of `userId` in the verifier-and-floor table of `which` host. */
  async function pruneRows(which: InProcessHost, userId: string): Promise<number> {
    const sql = 'SELECT count(*) AS n FROM sync_prune WHERE user_id = $1';
    if (kind === 'sqlite') {
      const db = new Database(join(which.dir, 'sync.sqlite'), { readonly: true });
      try {
        return db.prepare<[string], { n: number }>(sql.replace('$1', '?')).get(userId)!.n;
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrls[which === host ? 0 : 1] });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sql, [userId])).rows[0].n);
    } finally {
      await client.end();
    }
  }

  it('registers the checkpoint verifier only with the recovery proof; a wrong one is refused and counted as a failed recovery', async () => {
    const dave = await new SyncClient(host.url).register(`dave-${kind}@example.com`);
    const other = await new SyncClient(host.url).register(`dave-other-${kind}@example.com`);
    const device = newDeviceId();
    const path = '/functions/v1/sync/checkpoint-verifier';
    const verifier = await checkpointVerifierOf(randomProof());
    const recoveryProofOf = async (client: SyncClient) => recoveryProof(recoveryBytes(client));
    for (const bad of [
      { deviceId: device, recoveryProof: await recoveryProofOf(dave) },
      { deviceId: device, recoveryProof: 'short', verifier },
      { deviceId: 'not a device', recoveryProof: await recoveryProofOf(dave), verifier },
    ])
      expect((await dave.request('POST', path, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await new SyncClient(host.url).request('POST', path, { deviceId: device, recoveryProof: verifier, verifier })).status).toBe(
      401,
    );

    const wrong = await dave.request('POST', path, { deviceId: device, recoveryProof: await recoveryProofOf(other), verifier });
    expect([wrong.status, wrong.json]).toEqual([401, { error: 'Wrong recovery key' }]);
    expect((await registerVerifier(dave, device)).json).toEqual({ ok: true });
    // Five wrong proofs in a row: then even the right proof waits, as after five wrong recovery keys.
    for (let i = 0; i < 5; i++)
      expect((await dave.request('POST', path, { deviceId: device, recoveryProof: randomProof(), verifier })).status).toBe(401);
    const waiting = await registerVerifier(dave, device);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await registerVerifier(other, device)).status).toBe(403);
    expect((await registerVerifier(other, newDeviceId())).json).toEqual({ ok: true });
  });

  it('refuses a checkpoint without the proof, or with a wrong one, once a verifier is registered, and keeps the stored one', async () => {
    const bob = await new SyncClient(host.url).register(`bob-${kind}@example.com`);
    const device = newDeviceId();
    expect((await registerVerifier(bob, device)).status).toBe(200);
    const events = await pushEvents(bob, device, 3);
    const proof = await checkpointProof(bob);
    expect((await putCheckpoint(bob, device, 1, proof)).json).toEqual({ serverSeq: 1, format: CHECKPOINT_FORMAT, floor: 1 });
    const stored = (await bob.getSnapshot(device)).json;

    for (const sent of [undefined, randomProof()]) {
      const refused = await putCheckpoint(bob, device, 3, sent, { garbage: true });
      expect([refused.status, refused.json]).toEqual([403, { error: CHECKPOINT_PROOF_REFUSED }]);
    }
    expect((await putCheckpoint(bob, device, 3, 'not-a-proof')).status).toBe(400);
    expect((await bob.getSnapshot(device)).json).toEqual(stored);
    expect(stored).toMatchObject({ serverSeq: 1, floor: 1 });
    expect((await bob.head(device)).json).toEqual({ head: 3, floor: 1 });
    const rest = await bob.pull(device, 1);
    expect(rest.json.events.map((e) => e.event)).toEqual(events.slice(1));
    expect(await bob.openSnapshot(stored)).toEqual({ at: 1 });
  });

  it('stores a checkpoint without a proof for an account without a verifier and drops nothing; a proof there is refused', async () => {
    const carol = await new SyncClient(host.url).register(`carol-${kind}@example.com`);
    const device = newDeviceId();
    const events = await pushEvents(carol, device, 2);
    const stored = await putCheckpoint(carol, device, 2);
    expect(v.parse(SNAPSHOT_STORED_ANSWER, stored.json)).toEqual({ serverSeq: 2, format: CHECKPOINT_FORMAT, floor: 0 });
    const refused = await putCheckpoint(carol, device, 2, await checkpointProof(carol));
    expect([refused.status, refused.json]).toEqual([403, { error: CHECKPOINT_VERIFIER_MISSING }]);
    expect((await carol.pull(device, 0)).json.events.map((e) => e.event)).toEqual(events);
    expect(await storedBodies(host, carol.keyring!.userId)).toEqual(events.map((e) => JSON.stringify(e)));
  });

  it('with SYNC_KEEP_DAYS=0 drops every covered event: older pulls answer 410 with the floor, re-pushes stay duplicates, the text is gone', async () => {
    const alice = await new SyncClient(host.url).register(`alice-${kind}@example.com`);
    const [laptop, phone] = [newDeviceId(), newDeviceId()];
    const events = await pushEvents(alice, laptop, 5);
    expect((await registerVerifier(alice, laptop)).status).toBe(200);
    const proof = await checkpointProof(alice);

    const stored = await putCheckpoint(alice, laptop, 3, proof);
    expect(v.parse(SNAPSHOT_STORED_ANSWER, stored.json)).toEqual({ serverSeq: 3, format: CHECKPOINT_FORMAT, floor: 3 });
    for (const after of [0, 2]) {
      const gone = await alice.pull(phone, after);
      expect([gone.status, gone.json]).toEqual([410, { error: eventsDroppedMessage(3), floor: 3 }]);
      expect(v.parse(EVENTS_DROPPED_ANSWER, gone.json)).toEqual(gone.json);
    }
    const tail = await alice.pull(phone, 3);
    expect(tail.json).toMatchObject({ head: 5, more: false });
    expect(tail.json.events.map((e) => [e.serverSeq, e.event])).toEqual([
      [4, events[3]],
      [5, events[4]],
    ]);
    expect(v.parse(HEAD_FLOOR_ANSWER, (await alice.head(phone)).json)).toEqual({ head: 5, floor: 3 });
    expect((await alice.getSnapshot(phone)).json).toMatchObject({ serverSeq: 3, floor: 3 });

    // A retried push of a dropped event is still the event stored at its first serverSeq, never a new one.
    expect((await alice.pushRaw(phone, [events[1], events[4]])).json).toEqual({
      accepted: [],
      duplicates: [
        { id: events[1].id, serverSeq: 2 },
        { id: events[4].id, serverSeq: 5 },
      ],
      refused: [],
      head: 5,
    });

    const userId = alice.keyring!.userId;
    expect(await storedBodies(host, userId)).toEqual(['', '', '', ...events.slice(3).map((e) => JSON.stringify(e))]);
    if (kind === 'sqlite') {
      // Nothing of a dropped event's sealed text is left in the file, nor in its write-ahead log once checkpointed.
      const db = new Database(join(host.dir, 'sync.sqlite'));
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      const files = ['sync.sqlite', 'sync.sqlite-wal'].map((name) => join(host.dir, name)).filter(existsSync);
      const bytes = Buffer.concat(files.map((file) => readFileSync(file)));
      for (const event of events.slice(0, 3)) expect(bytes.includes(event.c)).toBe(false);
      for (const event of events.slice(3)) expect(bytes.includes(event.c)).toBe(true);
    }

    // The checkpoint never goes below the floor; the floor only rises.
    const below = await putCheckpoint(alice, laptop, 2, proof);
    expect([below.status, below.json]).toEqual([409, { error: 'A snapshot at a later serverSeq is already stored' }]);
    expect((await putCheckpoint(alice, laptop, 5, proof)).json).toEqual({ serverSeq: 5, format: CHECKPOINT_FORMAT, floor: 5 });
    expect((await alice.pull(phone, 3)).json).toEqual({ error: eventsDroppedMessage(5), floor: 5 });
    expect((await alice.pull(phone, 5)).json).toEqual({ events: [], head: 5, more: false });
    expect((await alice.putSnapshot(laptop, 5, { unproved: true })).status).toBe(403);
  });

  it('keeps covered events younger than SYNC_KEEP_DAYS, and drops them at a later checkpoint once they are old enough', async () => {
    const frank = await new SyncClient(keeping.url).register(`frank-${kind}@example.com`);
    const device = newDeviceId();
    const start = new Date('2026-11-01T09:00:00.000Z').getTime();
    clock = new Date(start);
    await pushEvents(frank, device, 2);
    clock = new Date(start + 20 * DAY_MS);
    const middle = await pushEvents(frank, device, 1);
    clock = new Date(start + 31 * DAY_MS);
    const recent = await pushEvents(frank, device, 1);
    expect((await registerVerifier(frank, device)).status).toBe(200);
    const proof = await checkpointProof(frank);

    expect((await putCheckpoint(frank, device, 4, proof)).json).toMatchObject({ serverSeq: 4, floor: 2 });
    expect((await frank.pull(device, 2)).json.events.map((e) => e.event)).toEqual([...middle, ...recent]);
    expect(await storedBodies(keeping, frank.keyring!.userId)).toEqual(['', '', ...[...middle, ...recent].map((e) => JSON.stringify(e))]);

    clock = new Date(start + 51 * DAY_MS);
    expect((await putCheckpoint(frank, device, 4, proof)).json).toMatchObject({ serverSeq: 4, floor: 3 });
    expect((await frank.pull(device, 3)).json.events.map((e) => e.event)).toEqual(recent);
    expect((await frank.pull(device, 0)).status).toBe(410);
  });

  it('forgets the verifier when the recovery key is replaced, and the verifier and floor with the account', async () => {
    const email = `erin-${kind}@example.com`;
    const erin = await new SyncClient(host.url).register(email);
    const device = newDeviceId();
    await pushEvents(erin, device, 2);
    expect((await registerVerifier(erin, device)).status).toBe(200);
    const proof = await checkpointProof(erin);
    expect((await putCheckpoint(erin, device, 1, proof)).json).toMatchObject({ floor: 1 });

    const NEW_PASSWORD = 'a brand new passphrase of erin';
    const recovered = await appProfile(host.url).flows.recover(email, erin.recoveryKey!, NEW_PASSWORD);
    expect((await erin.signIn(email, NEW_PASSWORD)).status).toBe(200);
    const refused = await putCheckpoint(erin, device, 2, proof);
    expect([refused.status, refused.json]).toEqual([403, { error: CHECKPOINT_VERIFIER_MISSING }]);
    // The old recovery key proves nothing any more; the new one registers again.
    expect((await registerVerifier(erin, device)).status).toBe(401);
    erin.recoveryKey = recovered.recoveryKey;
    expect((await registerVerifier(erin, device)).status).toBe(200);
    expect((await putCheckpoint(erin, device, 2, await checkpointProof(erin))).json).toMatchObject({ floor: 2 });

    const userId = erin.keyring!.userId;
    expect(await pruneRows(host, userId)).toBe(1);
    expect((await erin.deleteAccount(email, NEW_PASSWORD)).status).toBe(200);
    expect(await pruneRows(host, userId)).toBe(0);
  });
});
