// Two users on one host (docs/sync.md "Security rules"), on SQLite and on Postgres: at least 200 seeded
// requests of user B forging A's event ids, serverSeqs, device ids, note ids, `after` values,
// snapshot uploads and stray user fields. A's data stays byte-identical, and no answer to B holds
// anything of A's that B did not send himself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, randomInt, seededRandom } from '../support/random';
import { newDeviceId, noteEvent, SyncClient, type Answer } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';

const SEED = 'sync-isolation-1';
const ATTEMPTS = Number(process.env.SYNC_ISOLATION_ATTEMPTS ?? 240);
const cluster = usePostgresCluster();
let databases = 0;

describe.each(['sqlite', 'postgres'])('isolation between accounts on %s', (kind) => {
  let host: InProcessHost;
  let alice: SyncClient;
  let bob: SyncClient;
  const aliceDevices = [newDeviceId(), newDeviceId()];
  // Alice reads her state with a device of its own: a read marks its device as seen (at most every
  // DEVICE_SEEN_GRANULARITY_MS), which moved the seen time of a device B's requests name on a slow run.
  const aliceReader = newDeviceId();
  const bobDevice = newDeviceId();
  const secrets: string[] = [];
  const aliceEventIds: string[] = [];
  const aliceNoteIds: string[] = [];

  /** Everything of Alice's the API can show, as one string. */
  const aliceState = async () => {
    const log = await alice.pullAll(aliceReader);
    const snapshot = await alice.getSnapshot(aliceReader);
    const devices = await alice.devices(aliceReader);
    // The reader's own seen time moves with these reads; every other device's must not move at all.
    const listed = (devices.json as { devices: { deviceId: string; lastSeenAt?: string }[] }).devices.map((device) =>
      device.deviceId === aliceReader ? { ...device, lastSeenAt: undefined } : device,
    );
    return JSON.stringify({ log, snapshot: snapshot.json, devices: { ...devices.json, devices: listed } });
  };

  beforeAll(async () => {
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: await cluster().createDatabase(`isolation_${++databases}`) } : {};
    host = await startSyncHost(env);
    alice = await new SyncClient(host.url).register(`alice-${kind}@example.com`);
    bob = await new SyncClient(host.url).register(`bob-${kind}@example.com`);
    secrets.push(`alice-${kind}@example.com`, (await alice.session()).json.user.id, ...aliceDevices, aliceReader);
    for (let i = 0; i < 12; i++) {
      const noteId = String(1_700_000_000_000 + i * 7919);
      const secret = `alice-secret-${i}-${Math.random().toString(36).slice(2)}`;
      secrets.push(secret);
      aliceNoteIds.push(noteId);
      const events = [
        noteEvent('note.created', { id: noteId, title: secret }),
        noteEvent('note.body-saved', { id: noteId, html: `<p>${secret}</p>` }),
      ];
      aliceEventIds.push(...events.map((e) => e.id));
      expect((await alice.push(aliceDevices[i % 2], events)).status).toBe(200);
    }
    const snapshotSecret = `alice-snapshot-${Math.random().toString(36).slice(2)}`;
    secrets.push(snapshotSecret);
    await alice.putSnapshot(aliceDevices[0], 20, { order: aliceNoteIds, note: snapshotSecret });
  }, 60_000);
  afterAll(async () => host?.close());

  it(`refuses or confines ${ATTEMPTS} forged requests of another user`, async () => {
    const random = seededRandom(`${SEED}-${kind}`);
    const before = await aliceState();
    const bobPushed = new Set<string>();
    const statuses: Record<number, number> = {};
    const anyAliceDevice = () => pick(random, aliceDevices);
    const bobEvent = () => noteEvent('note.created', { id: pick(random, aliceNoteIds), title: 'bob' });
    type Attempt = () => { label: string; run: () => Promise<Answer>; sent: string };
    const attempt = (label: string, sent: unknown, run: () => Promise<Answer>) => ({ label, run, sent: JSON.stringify(sent) });
    const families: Attempt[] = [
      () => {
        const events = Array.from({ length: 1 + randomInt(random, 3) }, () => ({ ...bobEvent(), id: pick(random, aliceEventIds) }));
        const unique = [...new Map(events.map((e) => [e.id, e])).values()];
        return attempt('push with A’s event ids', unique, () => bob.push(bobDevice, unique));
      },
      () => {
        const events = [bobEvent()];
        return attempt('push on A’s device', events, () => bob.push(anyAliceDevice(), events));
      },
      () => {
        const events = [{ ...bobEvent(), seq: randomInt(random, 30) }];
        return attempt('push with forged seq and A’s note ids', events, () => bob.push(bobDevice, events));
      },
      () => {
        const body = { deviceId: bobDevice, userId: secrets[1], user_id: secrets[1], events: [bobEvent()] };
        return attempt('push naming A’s user id', body, () => bob.request('POST', '/functions/v1/sync/push', body));
      },
      () => {
        const after = pick(random, [0, 1, 5, 12, 24, 25, 1000, 2 ** 53 - 1]);
        return attempt('pull after any serverSeq', after, () => bob.pull(bobDevice, after));
      },
      () => attempt('pull on A’s device', null, () => bob.pull(anyAliceDevice(), randomInt(random, 30))),
      () => {
        const path = `/functions/v1/sync/pull?deviceId=${bobDevice}&after=0&userId=${encodeURIComponent(secrets[1])}&user=${encodeURIComponent(secrets[0])}`;
        return attempt('pull naming A in the query', path, () => bob.request('GET', path));
      },
      () => attempt('head on A’s device', null, () => bob.head(anyAliceDevice())),
      () => attempt('head', null, () => bob.head(bobDevice)),
      () => attempt('devices', null, () => bob.devices(bobDevice)),
      () => attempt('devices on A’s device', null, () => bob.devices(anyAliceDevice())),
      () => attempt('snapshot of the account', null, () => bob.getSnapshot(bobDevice)),
      () => attempt('snapshot on A’s device', null, () => bob.getSnapshot(anyAliceDevice())),
      () => {
        const serverSeq = pick(random, [0, 1, 20, 24, 25]);
        return attempt('snapshot put at A’s serverSeqs', serverSeq, () => bob.putSnapshot(bobDevice, serverSeq, { bob: true }));
      },
      () => attempt('snapshot put on A’s device', null, () => bob.putSnapshot(anyAliceDevice(), 0, { bob: true })),
      () => {
        const headers = { 'X-User-Id': secrets[1], 'X-Forwarded-User': secrets[0] };
        return attempt('headers naming A', headers, () =>
          bob.request('GET', `/functions/v1/sync/head?deviceId=${bobDevice}`, undefined, { headers }),
        );
      },
      () => {
        const forged = new SyncClient(host.url);
        forged.cookie = `better-auth.session_token=${secrets[1]}.forged`;
        return attempt('forged session cookie', null, () => forged.head(anyAliceDevice()));
      },
    ];
    for (let i = 0; i < ATTEMPTS; i++) {
      const { label, run, sent } = pick(random, families)();
      const answer = await run();
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      expect(answer.status, label).toBeLessThan(500);
      const text = JSON.stringify(answer.json);
      for (const secret of secrets) if (text.includes(secret)) expect(sent, `${label} revealed ${secret}`).toContain(secret);
      if (answer.status === 200 && answer.json?.duplicates) {
        for (const d of answer.json.duplicates) expect(bobPushed.has(d.id), `${label}: duplicate of an id B never pushed`).toBe(true);
        for (const a of answer.json.accepted) bobPushed.add(a.id);
      }
      if (answer.status === 200 && answer.json?.events) {
        for (const e of answer.json.events) expect(bobPushed.has(e.event.id), `${label}: pulled an event B never pushed`).toBe(true);
      }
      if (answer.status === 403) expect(answer.json.error).toBe('This deviceId cannot be used by this account: generate a new random one');
    }
    expect(await aliceState()).toBe(before);
    // Both kinds of outcome happened: refusals and answers confined to B's own data.
    expect(statuses[403]).toBeGreaterThan(20);
    expect(statuses[200]).toBeGreaterThan(50);
  }, 120_000);
});
