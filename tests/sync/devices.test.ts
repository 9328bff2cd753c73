// Devices and live streams per account (docs/sync.md "device and devices", "live", "Limits"), on
// SQLite and Postgres through the real host: names without control or bidirectional formatting
// characters, at most SYNC_MAX_DEVICES device ids per account (the one seen longest ago is released,
// and a released device that comes back is bound again), the device list in pages, and at most
// SYNC_MAX_STREAMS live streams per account on one host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDeviceId, SyncClient } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncHost, type InProcessHost } from './host';
import { openLive, type LiveStream } from './sse';

const cluster = usePostgresCluster();
let databases = 0;

interface Listed {
  deviceId: string;
  name: string | null;
}

describe.each(['sqlite', 'postgres'])('devices and streams on %s', (kind) => {
  let host: InProcessHost;
  let small: InProcessHost;
  beforeAll(async () => {
    const database = async (): Promise<Record<string, string>> =>
      kind === 'postgres' ? { DATABASE_URL: await cluster().createDatabase(`devices_${++databases}`) } : {};
    host = await startSyncHost(await database());
    small = await startSyncHost({ ...(await database()), SYNC_MAX_DEVICES: '4', SYNC_MAX_STREAMS: '3' });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await small?.close();
  });

  /** Every device of the account, page by page with `limit`; @returns the devices and the page sizes. */
  async function listAll(client: SyncClient, device: string, limit: number) {
    const devices: Listed[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `deviceId=${device}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await client.request('GET', `/functions/v1/sync/devices?${query}`);
      expect(page.status).toBe(200);
      devices.push(...page.json.devices);
      pages.push(page.json.devices.length);
      cursor = page.json.nextCursor;
    } while (cursor);
    return { devices, pages };
  }

  it('keeps no device name: the naming endpoint is gone and the list holds ids and times only', async () => {
    const client = await new SyncClient(host.url).register(`no-names-${kind}@example.com`);
    const device = newDeviceId();
    const named = await client.request('PUT', '/functions/v1/sync/device', { deviceId: device, name: 'Chrome on Linux' });
    expect(named.status).toBe(404);
    expect((await client.head(device)).status).toBe(200);
    expect((await client.devices(device)).json.devices).toEqual([
      { deviceId: device, name: null, createdAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);
  });

  it('keeps at most 100 device ids per account by default and pages the list with cursor and limit', async () => {
    const client = await new SyncClient(host.url).register(`many-devices-${kind}@example.com`);
    const ids = Array.from({ length: 101 }, () => newDeviceId());
    for (const id of ids) expect((await client.head(id)).status).toBe(200);
    const { devices, pages } = await listAll(client, ids[100], 40);
    expect(pages).toEqual([40, 40, 20]);
    // The device seen longest ago (the first) was released; the other hundred are listed once each, oldest first.
    expect(devices.map((d) => d.deviceId)).toEqual(ids.slice(1));
    const whole = await client.devices(ids[100]);
    expect(whole.json.devices.map((d: Listed) => d.deviceId)).toEqual(ids.slice(1));
    expect(whole.json.nextCursor).toBeNull();
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=nonsense', `cursor=${btoa('["yesterday","abcdefgh"]')}`]) {
      expect((await client.request('GET', `/functions/v1/sync/devices?deviceId=${ids[100]}&${query}`)).status, query).toBe(400);
    }
  });

  it('releases the device seen longest ago beyond SYNC_MAX_DEVICES, and binds a released one again when it returns', async () => {
    const client = await new SyncClient(small.url).register(`device-cap-${kind}@example.com`);
    const other = await new SyncClient(small.url).register(`device-cap-other-${kind}@example.com`);
    const otherDevice = newDeviceId();
    expect((await other.head(otherDevice)).status).toBe(200);
    const [first, ...rest] = Array.from({ length: 5 }, () => newDeviceId());
    expect((await client.head(first)).status).toBe(200);
    for (const id of rest) expect((await client.head(id)).status).toBe(200);
    const listed = (await client.devices(rest[3])).json.devices.map((d: Listed) => d.deviceId);
    expect(listed).toEqual(rest);
    // The released device is never refused: it is bound again, and the one now seen longest ago makes room.
    expect((await client.head(first)).status).toBe(200);
    expect((await client.devices(first)).json.devices.map((d: Listed) => d.deviceId)).toEqual([...rest.slice(1), first]);
    // Another account's devices are not touched.
    expect((await other.devices(otherDevice)).json.devices).toEqual([expect.objectContaining({ deviceId: otherDevice })]);
  });

  it('refuses a live stream beyond SYNC_MAX_STREAMS per account with 429 and Retry-After, and accepts it once one closes', async () => {
    const client = await new SyncClient(small.url).register(`streams-${kind}@example.com`);
    const other = await new SyncClient(small.url).register(`streams-other-${kind}@example.com`);
    const device = newDeviceId();
    const open: LiveStream[] = [];
    try {
      for (let i = 0; i < 3; i++) open.push(await openLive(client, device));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await openLive(client, device);
      expect(refused.status).toBe(429);
      const answer = await client.request('GET', `/functions/v1/sync/live?deviceId=${device}`);
      expect(answer.status).toBe(429);
      expect(answer.json.error).toMatch(/live streams/);
      expect(answer.headers.get('retry-after')).toBe('60');
      // Another account is not held back by this one's streams.
      const others = await openLive(other, newDeviceId());
      expect(others.status).toBe(200);
      open.push(others);
      open[0].close();
      await open[0].ended;
      await expect
        .poll(async () => (await openLive(client, device).then((s) => (open.push(s), s.status))) === 200, { timeout: 5000 })
        .toBe(true);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
