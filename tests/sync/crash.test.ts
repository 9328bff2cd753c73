// A host killed in the middle of pushes (docs/sync.md "Tests"), on SQLite and on Postgres: the
// host runs as a child process and gets SIGKILL a few ms after a push was sent, three times; the
// device retries every unanswered batch until it is answered (a push that committed before the
// kill comes back as duplicates). Afterwards the account holds every
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
    // Sealed once, as a device keeps its outbox: a retry sends the same bytes.
    const sealedBatches = await Promise.all(batches.map((batch) => Promise.all(batch.map((e) => account.seal(e)))));
    const acknowledged = new Map<string, number>();
    // The batches whose first push is cut by a SIGKILL a few ms after it was sent.
    const killAt = new Set<number>();
    while (killAt.size < KILLS) killAt.add(2 + randomInt(random, BATCHES - 3));
    const latencies: number[] = [];
    let kills = 0;
    let retries = 0;
    let committedBeforeKill = 0;

    for (const index of batches.keys()) {
      for (let attempt = 0; ; attempt++) {
        const client = new SyncClient(host.url, 15_000);
        client.cookie = account.cookie;
        client.keyring = account.keyring;
        const sentAt = performance.now();
        const pending = client.pushRaw(device, sealedBatches[index]).then(
          (answer) => {
            if (index < 2) latencies.push(performance.now() - sentAt);
            return answer;
          },
          () => null,
        );
        if (attempt === 0 && killAt.has(index)) {
          // Spread over the push's life (measured on the first two): early, middle, near its answer.
          const typical = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
          await new Promise((r) => setTimeout(r, typical * [0.2, 0.7, 0.95][kills % 3] * (0.9 + random() * 0.2)));
          host.child.kill('SIGKILL');
          await host.stop();
          kills++;
          host = await startSyncChild(env, dir);
        }
        const answer = await pending;
        if (answer?.status === 200) {
          if (attempt > 0 && answer.json.duplicates.length) committedBeforeKill++;
          for (const p of [...answer.json.accepted, ...answer.json.duplicates]) acknowledged.set(p.id, p.serverSeq);
          break;
        }
        retries++;
        expect(answer === null || answer.status >= 500, `answer ${answer?.status}: ${JSON.stringify(answer?.json)}`).toBe(true);
        expect(attempt).toBeLessThan(50);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const reader = new SyncClient(host.url);
    reader.cookie = account.cookie;
    const log = await reader.pullAll(device);
    await host.stop();

    console.log(
      `[${kind}] ${kills} kills, ${retries} retried pushes, ${committedBeforeKill} of them already committed when the answer was lost`,
    );
    const sent = batches.flat().map((e) => e.id);
    const stored = log.events.map((e) => e.event.id);
    expect(kills).toBe(KILLS);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBe(sent.length);
    expect(new Set(stored)).toEqual(new Set(sent));
    expect(log.events.map((e) => e.serverSeq)).toEqual(log.events.map((_, i) => i + 1));
    const bySeq = new Map(log.events.map((e) => [e.event.id, e.serverSeq]));
    for (const [id, serverSeq] of acknowledged) expect(bySeq.get(id)).toBe(serverSeq);
    const original = new Map(sealedBatches.flat().map((e) => [e.id, JSON.stringify(e)]));
    for (const e of log.events) expect(JSON.stringify(e.event)).toBe(original.get(e.event.id));
    const typed = new Map(batches.flat().map((e) => [e.id, e]));
    for (const e of log.events.slice(0, 20)) expect(await account.open(e.event)).toEqual(typed.get(e.event.id));
  }, 240_000);
});
