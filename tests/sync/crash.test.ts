// A host killed in the middle of pushes (docs/sync.md "Faults"), on SQLite and on Postgres: the
// host runs as a child process and gets SIGKILL while a push is in flight, several times; the
// device retries every unanswered batch until it is answered. Afterwards the account holds every
// event exactly once, numbered without gaps, and nothing acknowledged is lost. Seeded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { randomInt, seededRandom } from '../support/random';
import { newDeviceId, noteEvent, SyncClient, type WireEvent } from './client';
import { usePostgresCluster } from './cluster';
import { startSyncChild } from './host';

const cluster = usePostgresCluster();
const KILLS = 3;
const BATCHES = 24;
const BATCH_SIZE = 250;
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.each(['sqlite', 'postgres'])('host killed during pushes on %s', (kind) => {
  it('keeps every event exactly once and loses nothing acknowledged', async () => {
    const random = seededRandom(`sync-crash-${kind}`);
    const dir = mkdtempSync(join(tmpdir(), 'notepad-crash-'));
    folders.push(dir);
    const env: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: await cluster().createDatabase(`crash_${kind}`) } : {};
    let host = await startSyncChild(env, dir);
    const account = await new SyncClient(host.url).register(`crash-${kind}@example.com`);
    const device = newDeviceId();
    const batches: WireEvent[][] = Array.from({ length: BATCHES }, (_, b) =>
      Array.from({ length: BATCH_SIZE }, (_, i) =>
        noteEvent('note.body-saved', { id: String(1_700_000_000_000 + b), html: `<p>${'text '.repeat(200)}${b}-${i}</p>` }),
      ),
    );
    const acknowledged = new Map<string, number>();
    let kills = 0;
    let retries = 0;
    let inFlight = false;

    // The killer: while kills remain, wait for a push in flight, then SIGKILL the host a few ms into it.
    const killer = (async () => {
      while (kills < KILLS) {
        await new Promise((r) => setTimeout(r, 150 + randomInt(random, 300)));
        while (!inFlight) await new Promise((r) => setTimeout(r, 2));
        await new Promise((r) => setTimeout(r, randomInt(random, 15)));
        host.child.kill('SIGKILL');
        await host.stop();
        kills++;
        host = await startSyncChild(env, dir);
      }
    })();

    for (const batch of batches) {
      for (let attempt = 0; ; attempt++) {
        const client = new SyncClient(host.url, 15_000);
        client.cookie = account.cookie;
        inFlight = true;
        const answer = await client.push(device, batch).catch(() => null);
        inFlight = false;
        if (answer?.status === 200) {
          for (const p of [...answer.json.accepted, ...answer.json.duplicates]) acknowledged.set(p.id, p.serverSeq);
          break;
        }
        retries++;
        expect(
          answer === null || answer.status >= 500 || answer.status === 0,
          `answer ${answer?.status}: ${JSON.stringify(answer?.json)}`,
        ).toBe(true);
        await new Promise((r) => setTimeout(r, 100));
        expect(attempt).toBeLessThan(200);
      }
    }
    await killer;
    const reader = new SyncClient(host.url);
    reader.cookie = account.cookie;
    const log = await reader.pullAll(device);
    await host.stop();

    const sent = batches.flat().map((e) => e.id);
    const stored = log.events.map((e) => e.event.id);
    expect(kills).toBe(KILLS);
    expect(retries).toBeGreaterThanOrEqual(1);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBe(sent.length);
    expect(new Set(stored)).toEqual(new Set(sent));
    expect(log.events.map((e) => e.serverSeq)).toEqual(log.events.map((_, i) => i + 1));
    const bySeq = new Map(log.events.map((e) => [e.event.id, e.serverSeq]));
    for (const [id, serverSeq] of acknowledged) expect(bySeq.get(id)).toBe(serverSeq);
    const original = new Map(batches.flat().map((e) => [e.id, JSON.stringify(e)]));
    for (const e of log.events) expect(JSON.stringify(e.event)).toBe(original.get(e.event.id));
  }, 240_000);
});
