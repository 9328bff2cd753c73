/**
 * `npm run bench:sync` (docs/sync.md "Figures"): for SQLite and for Postgres (a throwaway cluster
 * started and stopped here, fsync on), the host as its own process on loopback; 50 devices over 10
 * accounts pushing and pulling for 30 s (events accepted per second, target >= 2,000/s; p99 push
 * latency; 0 lost, 0 duplicated, identical folds), and a new device of a 10,000-note account
 * (seconds until folded, decryption included, bytes on the wire), and the cost of end-to-end
 * encryption (sign-in unlock, sealing and opening one event). Prints a table and writes
 * bench/results/sync-latest.json; never fails on a figure.
 * Env: BENCH_SYNC_SECONDS (default 30), BENCH_SYNC_NOTES (default 10000), BENCH_SYNC_STORES (sqlite,postgres).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { startPostgres, type PostgresCluster } from '../../tests/support/postgres';
import { startSyncChild } from '../../tests/sync/host';
import { runCrypto } from './crypto';
import { runNewDevice, type NewDeviceResult } from './newDevice';
import { runThroughput, type ThroughputResult } from './throughput';

const SECONDS = Number(process.env.BENCH_SYNC_SECONDS ?? 30);
const NOTES = Number(process.env.BENCH_SYNC_NOTES ?? 10_000);
const STORES = (process.env.BENCH_SYNC_STORES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const TARGET_EVENTS_PER_S = 2000;
const ROOT = resolve(import.meta.dirname, '../..');

interface StoreFigures {
  store: string;
  throughput: ThroughputResult;
  newDevice: NewDeviceResult;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function benchStore(store: string): Promise<StoreFigures> {
  let cluster: PostgresCluster | null = null;
  const env: Record<string, string> = {};
  if (store === 'postgres') {
    cluster = await startPostgres({ durable: true });
    env.DATABASE_URL = await cluster.createDatabase('bench');
  }
  const host = await startSyncChild(env);
  try {
    console.log(`[${store}] ${SECONDS} s of 50 devices over 10 accounts (load ${load()})`);
    const throughput = await runThroughput(host.url, { accounts: 10, devicesPerAccount: 5, seconds: SECONDS, batch: 25 }, `bench-${store}`);
    console.log(`[${store}] new device of a ${NOTES}-note account`);
    const newDevice = await runNewDevice(host.url, NOTES, 200, store);
    return { store, throughput, newDevice };
  } finally {
    await host.stop();
    await cluster?.stop();
  }
}

const started = new Date();
const loadBefore = load();
const cryptoFigures = await runCrypto();
console.log(
  `End-to-end encryption (load ${load()}): sign-in unlock (${cryptoFigures.kdf}, then unwrap) median ${ms(cryptoFigures.unlockMedianMs)} ` +
    `[${cryptoFigures.unlockRuns.map((r) => r.toFixed(0)).join(', ')}] (target <= 1500 ms ${cryptoFigures.unlockMedianMs <= 1500 ? 'PASS' : 'FAIL'}); ` +
    `seal / open a rename ${cryptoFigures.sealRenameUs.toFixed(0)} / ${cryptoFigures.openRenameUs.toFixed(0)} µs, ` +
    `a ${cryptoFigures.bodyBytes}-byte body save ${cryptoFigures.sealBodyUs.toFixed(0)} / ${cryptoFigures.openBodyUs.toFixed(0)} µs`,
);
const figures: StoreFigures[] = [];
for (const store of STORES) figures.push(await benchStore(store));
const loadAfter = load();

const rows: [string, ...string[]][] = [
  ['figure', ...figures.map((f) => f.store)],
  [
    'events accepted / s (target >= 2000)',
    ...figures.map(
      (f) => `${f.throughput.eventsPerSecond.toFixed(0)} ${f.throughput.eventsPerSecond >= TARGET_EVENTS_PER_S ? 'PASS' : 'FAIL'}`,
    ),
  ],
  ['events accepted', ...figures.map((f) => String(f.throughput.eventsAccepted))],
  ['pushes (25 events each)', ...figures.map((f) => String(f.throughput.pushes))],
  ['push latency p50', ...figures.map((f) => ms(f.throughput.pushP50))],
  ['push latency p99', ...figures.map((f) => ms(f.throughput.pushP99))],
  ['pull-to-head latency p99', ...figures.map((f) => ms(f.throughput.pullP99))],
  ['failed requests', ...figures.map((f) => String(f.throughput.failedRequests))],
  ['lost / duplicated / gaps', ...figures.map((f) => `${f.throughput.lost} / ${f.throughput.duplicated} / ${f.throughput.gaps}`)],
  ['accounts whose devices fold identically', ...figures.map((f) => `${f.throughput.accountsIdentical} of ${f.throughput.accounts}`)],
  [`new device, ${NOTES} notes: snapshot + tail, s`, ...figures.map((f) => f.newDevice.snapshotSeconds.toFixed(2))],
  [
    '  bytes on the wire (gzip) / uncompressed',
    ...figures.map((f) => `${kib(f.newDevice.snapshotWireBytes)} / ${kib(f.newDevice.snapshotTextBytes)}`),
  ],
  ['  tail events pulled', ...figures.map((f) => String(f.newDevice.tailEvents))],
  [`same device replaying all ${figures[0]?.newDevice.events ?? 0} events, s`, ...figures.map((f) => f.newDevice.replaySeconds.toFixed(2))],
  [
    '  bytes on the wire (gzip) / uncompressed',
    ...figures.map((f) => `${kib(f.newDevice.replayWireBytes)} / ${kib(f.newDevice.replayTextBytes)}`),
  ],
  ['  folds equal the seeding device', ...figures.map((f) => (f.newDevice.identical ? 'yes' : 'NO'))],
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
console.log(
  `\nSync figures (${started.toISOString()}, ${cpus().length} cores ${cpus()[0]?.model ?? ''}, load average ${loadBefore} before, ${loadAfter} after)\n`,
);
for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '));

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/sync-latest.json'),
  JSON.stringify(
    {
      takenAt: started.toISOString(),
      cores: cpus().length,
      loadBefore,
      loadAfter,
      seconds: SECONDS,
      notes: NOTES,
      crypto: cryptoFigures,
      figures,
    },
    null,
    2,
  ) + '\n',
);
console.log('\nwrote bench/results/sync-latest.json');
