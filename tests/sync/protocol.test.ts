// The sync protocol end to end through the real host (docs/sync.md "Endpoints"), on SQLite and on
// Postgres: two accounts, several devices, push/pull/head/snapshot/devices, what is refused and
// what is stored byte for byte.
import { gzipSync } from 'node:zlib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_FORMAT, EVENT_SCHEMA_VERSION } from '../../catalog/index.ts';
import { HEAD_ANSWER, PULL_PAGE, PUSH_ANSWER, SEALED_CHECKPOINT } from '../../catalog/wireSchemas.ts';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const cluster = usePostgresCluster();
let databases = 0;

describe.each(['sqlite', 'postgres'])('sync protocol on %s', (kind) => {
  let host: InProcessHost;
  let alice: SyncClient;
  let bob: SyncClient;
  beforeAll(async () => {
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: await cluster().createDatabase(`protocol_${++databases}`) } : {};
    host = await startSyncHost(env);
    [alice, bob] = await Promise.all([
      new SyncClient(host.url).register(`alice-${kind}@example.com`),
      new SyncClient(host.url).register(`bob-${kind}@example.com`),
    ]);
  }, 60_000);
  afterAll(async () => host?.close());

  it('pushes from two devices and pulls the same ordered log on a third, events unchanged but for seq', async () => {
    const [laptop, phone, tablet] = [newDeviceId(), newDeviceId(), newDeviceId()];
    const created = { ...noteEvent('note.created', { id: '1700000000001', title: 'Groceries' }), seq: 41 };
    const saved = noteEvent('note.body-saved', {
      id: '1700000000001',
      html: '<p>milk &amp; bread</p>',
      blocks: [{ type: 'paragraph', content: 'milk' }],
    });
    const first = await alice.push(laptop, [created, saved]);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      accepted: [
        { id: created.id, serverSeq: 1 },
        { id: saved.id, serverSeq: 2 },
      ],
      duplicates: [],
      refused: [],
      head: 2,
    });
    // Every answer is exactly what the app reads by the catalog's schema: no field missing, none more.
    expect(v.parse(PUSH_ANSWER, first.json)).toEqual(first.json);
    const starred = noteEvent('note.starred', { id: '1700000000001' });
    expect((await alice.push(phone, [starred, saved])).json).toEqual({
      accepted: [{ id: starred.id, serverSeq: 3 }],
      duplicates: [{ id: saved.id, serverSeq: 2 }],
      refused: [],
      head: 3,
    });
    const pulled = await alice.pull(tablet, 0);
    expect(pulled.status).toBe(200);
    expect(v.parse(PULL_PAGE, pulled.json)).toEqual(pulled.json);
    const { seq: _seq, ...createdOnWire } = created;
    // The host holds only the envelope in clear; what a device opens is the event as it was made.
    for (const { event } of pulled.json.events) expect(Object.keys(event).sort()).toEqual(['at', 'c', 'id', 'v']);
    expect(JSON.stringify(pulled.json)).not.toMatch(/Groceries|milk|note\.starred/);
    const opened = await Promise.all(pulled.json.events.map(async (e) => ({ ...e, event: await alice.open(e.event) })));
    expect({ ...pulled.json, events: opened }).toEqual({
      events: [
        { serverSeq: 1, deviceId: laptop, event: createdOnWire },
        { serverSeq: 2, deviceId: laptop, event: saved },
        { serverSeq: 3, deviceId: phone, event: starred },
      ],
      head: 3,
      more: false,
    });
    expect(v.parse(HEAD_ANSWER, (await alice.head(tablet)).json)).toEqual({ head: 3 });
    // Bob's log is his own.
    expect((await bob.pull(newDeviceId(), 0)).json).toEqual({ events: [], head: 0, more: false });
  });

  it('answers a retried push with the original serverSeqs and stores nothing twice', async () => {
    const device = newDeviceId();
    const batch = Array.from({ length: 20 }, (_, i) => noteEvent('note.created', { id: String(1700000001000 + i), title: `n${i}` }));
    const first = await bob.push(device, batch);
    const again = await bob.push(device, batch);
    expect(again.json.accepted).toEqual([]);
    expect(again.json.duplicates).toEqual(first.json.accepted);
    const all = await bob.pullAll(device);
    expect(all.events.map((e) => e.event.id)).toEqual(batch.map((e) => e.id));
  });

  it('decides each event of a batch on its own by its envelope: one in clear, malformed or of a newer schema is refused in the answer, the rest stored', async () => {
    const device = newDeviceId();
    const sealed = await alice.seal(noteEvent('note.created', { id: '1', title: 'x' }));
    const cases: [Record<string, unknown> & { id: string }, RegExp][] = [
      [noteEvent('note.created', { id: '1700000002000', title: 'in clear' }), /not sealed: "type"/],
      [noteEvent('note.selected', { id: '1700000002000' }), /not sealed/],
      [{ ...sealed, id: crypto.randomUUID(), payload: {} }, /not sealed: "payload"/],
      [{ ...sealed, id: crypto.randomUUID(), at: 'yesterday' }, /bad time/],
      [{ ...sealed, id: crypto.randomUUID(), v: 0 }, /bad field v/],
      [{ ...sealed, id: crypto.randomUUID(), device: 'no' }, /bad device/],
      [{ ...sealed, id: crypto.randomUUID(), c: 'not base64!' }, /bad field c/],
      [{ ...sealed, id: crypto.randomUUID(), c: 'AAAA' }, /bad field c/],
      [{ v: EVENT_SCHEMA_VERSION, id: crypto.randomUUID(), at: sealed.at }, /bad field c/],
      [
        { ...sealed, id: crypto.randomUUID(), v: EVENT_SCHEMA_VERSION + 1 },
        new RegExp(`schema version ${EVENT_SCHEMA_VERSION + 1} is newer than this server's \\(${EVENT_SCHEMA_VERSION}\\)`),
      ],
      [
        { ...noteEvent('future.thing', { x: 1 }), v: EVENT_SCHEMA_VERSION + 1, payload: 'not an object' },
        new RegExp(`schema version ${EVENT_SCHEMA_VERSION + 1} is newer`),
      ],
    ];
    for (const [bad, reason] of cases) {
      const before = (await alice.head(device)).json.head;
      const [first, last] = [
        noteEvent('note.created', { id: '1700000002000', title: 'before' }),
        noteEvent('note.renamed', { id: '1700000002000', title: 'after' }),
      ];
      const [sealedFirst, sealedLast] = [await alice.seal(first), await alice.seal(last)];
      const answer = await alice.pushRaw(device, [sealedFirst, bad, sealedLast]);
      expect(answer.status, JSON.stringify(bad)).toBe(200);
      expect(answer.json).toEqual({
        accepted: [
          { id: first.id, serverSeq: before + 1 },
          { id: last.id, serverSeq: before + 2 },
        ],
        duplicates: [],
        refused: [{ id: bad.id, reason: expect.stringMatching(reason) }],
        head: before + 2,
      });
      // A retry answers the same: the stored events as duplicates, the refused one refused again.
      const again = await alice.pushRaw(device, [sealedFirst, bad, sealedLast]);
      expect(again.json).toEqual({ accepted: [], duplicates: answer.json.accepted, refused: answer.json.refused, head: before + 2 });
      const stored = await alice.pullAll(device, before);
      expect(stored.events.map((e) => e.event.id)).toEqual([first.id, last.id]);
    }
    // A batch of refused events only stores nothing and says so.
    const onlyBad = noteEvent('note.selected', { id: '1700000002000' });
    const head = (await alice.head(device)).json.head;
    expect((await alice.pushRaw(device, [onlyBad])).json).toEqual({
      accepted: [],
      duplicates: [],
      refused: [{ id: onlyBad.id, reason: expect.stringMatching(/not sealed/) }],
      head,
    });
  });

  it('accepts gzip request bodies and gzips answers when asked', async () => {
    const device = newDeviceId();
    const batch = Array.from({ length: 50 }, (_, i) =>
      noteEvent('note.created', { id: String(1700000003000 + i), title: 'a fairly repetitive title '.repeat(4) }),
    );
    const body = gzipSync(JSON.stringify({ deviceId: device, events: await Promise.all(batch.map((e) => alice.seal(e))) }));
    const pushed = await alice.request('POST', '/functions/v1/sync/push', undefined, {
      rawBody: body,
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(pushed.status).toBe(200);
    expect(pushed.json.accepted).toHaveLength(50);
    const after = pushed.json.accepted[0].serverSeq - 1;
    const plain = await alice.pull(device, after, 50);
    const zipped = await alice.pull(device, after, 50, true);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.json).toEqual(plain.json);
    // Sealed events are random bytes in base64: gzip takes back about base64's quarter, no more.
    expect(zipped.wireBytes).toBeLessThan(plain.wireBytes * 0.85);
  });

  it('pages pulls by count (default and max 1000) and by about 1 MiB of events', async () => {
    const device = newDeviceId();
    const start = (await bob.head(device)).json.head;
    const html = `<p>${'x'.repeat(70_000)}</p>`;
    const big = Array.from({ length: 15 }, (_, i) => noteEvent('note.body-saved', { id: String(1700000004000 + i), html }));
    expect((await bob.push(device, big)).status).toBe(200);
    const first = await bob.pull(device, start);
    expect(first.json.more).toBe(true);
    expect(first.json.events.length).toBeGreaterThanOrEqual(10);
    expect(first.json.events.length).toBeLessThan(15);
    const rest = await bob.pullAll(device, start);
    expect(rest.events.map((e) => e.event.id)).toEqual(big.map((e) => e.id));
    expect(rest.pages).toBe(2);
    const many = Array.from({ length: 1200 }, (_, i) => noteEvent('note.renamed', { id: '1700000001000', title: `t${i}` }));
    for (let i = 0; i < many.length; i += 500) expect((await bob.push(device, many.slice(i, i + 500))).status).toBe(200);
    const page = await bob.pull(device, start + 15);
    expect(page.json.events).toHaveLength(1000);
    expect(page.json.more).toBe(true);
    expect((await bob.pull(device, start + 15, 1001)).status).toBe(400);
    expect((await bob.pull(device, start + 15, 7)).json.events).toHaveLength(7);
  });

  it('keeps the latest snapshot per account and serves it to a new device, which pulls only what follows', async () => {
    const device = newDeviceId();
    expect((await bob.getSnapshot(device)).status).toBe(404);
    const head = (await bob.head(device)).json.head;
    expect((await bob.putSnapshot(device, head + 1, { order: [] })).status).toBe(409);
    expect((await bob.putSnapshot(device, head - 2, { order: ['old'] })).status).toBe(200);
    expect((await bob.putSnapshot(device, head, { order: ['new'], meta: { a: { title: 'é' } } })).status).toBe(200);
    expect((await bob.putSnapshot(device, head - 1, { order: ['older'] })).status).toBe(409);
    for (const bad of [{ c: [] }, { c: 'x' }, { c: { order: [] } }, { format: '' }, { format: 7 }, { serverSeq: -1 }, { serverSeq: 1.5 }]) {
      const body = { deviceId: device, serverSeq: head, format: CHECKPOINT_FORMAT, c: 'A'.repeat(64), ...bad };
      expect((await bob.request('PUT', '/functions/v1/sync/snapshot', body)).status, JSON.stringify(bad)).toBe(400);
    }
    const fresh = newDeviceId();
    const snapshot = await bob.getSnapshot(fresh, true);
    expect(v.parse(SEALED_CHECKPOINT, snapshot.json)).toEqual({ serverSeq: head, format: CHECKPOINT_FORMAT, c: snapshot.json.c });
    expect(snapshot.json).toMatchObject({
      serverSeq: head,
      format: CHECKPOINT_FORMAT,
      c: expect.any(String),
    });
    expect(JSON.stringify(snapshot.json)).not.toContain('new');
    expect(await bob.openSnapshot(snapshot.json)).toEqual({ order: ['new'], meta: { a: { title: 'é' } } });
    const tail = noteEvent('note.created', { id: '1700000005000', title: 'after the snapshot' });
    await bob.push(device, [tail]);
    const after = await bob.pullAll(fresh, snapshot.json.serverSeq);
    expect(after.events.map((e) => e.event.id)).toEqual([tail.id]);
    expect((await alice.getSnapshot(newDeviceId())).status).toBe(404);
  });

  it('lists only the account’s own devices, with no name', async () => {
    const device = newDeviceId();
    expect((await alice.head(device)).status).toBe(200);
    const listed = (await alice.devices(device)).json.devices;
    expect(listed.find((d: { deviceId: string }) => d.deviceId === device)).toMatchObject({ name: null });
    const bobs = (await bob.devices(newDeviceId())).json.devices.map((d: { deviceId: string }) => d.deviceId);
    expect(bobs).not.toContain(device);
    // A device of Alice's cannot be used by Bob.
    for (const call of [
      bob.head(device),
      bob.pull(device),
      bob.push(device, [noteEvent('note.created', { id: '1', title: 'x' })]),
      bob.devices(device),
    ]) {
      expect((await call).status).toBe(403);
    }
  });

  it('refuses bad device ids, parameters, methods and endpoints with JSON errors', async () => {
    for (const id of ['short', 'x'.repeat(65), 'has space1', 'ünïcode-id', '']) expect((await alice.head(id)).status).toBe(400);
    const device = newDeviceId();
    for (const query of ['after=-1', 'after=1.5', 'after=1e3', 'limit=0', 'after=abc']) {
      expect((await alice.request('GET', `/functions/v1/sync/pull?deviceId=${device}&${query}`)).status).toBe(400);
    }
    const wrongMethod = await alice.request('DELETE', '/functions/v1/sync/push');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await alice.request('GET', '/functions/v1/sync/nothing')).status).toBe(404);
    expect((await alice.request('GET', '/functions/v1/sync')).status).toBe(404);
  });
});
