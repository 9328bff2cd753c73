/**
 * Concurrent devices for the sync bench (docs/sync.md "Figures"): accounts × devices pushing and
 * pulling for a fixed time on loopback, then the checks: every acknowledged event stored once
 * (0 lost, 0 duplicated), serverSeqs without gaps, and every device of an account folding the
 * byte-identical `notes` / `note_{id}` / `linkedNotes` keys.
 */
import { quantile } from '../lib/stats';
import { newDeviceId, SyncClient, type WireEvent } from '../../tests/sync/client';
import { seededRandom } from '../../tests/support/random';
import { EventSource, fold, storageFingerprint } from './devices';

/** What to run. */
export interface ThroughputPlan {
  accounts: number;
  devicesPerAccount: number;
  seconds: number;
  /** Events per push. */
  batch: number;
}

/** What it measured. Times in ms. */
export interface ThroughputResult {
  seconds: number;
  devices: number;
  eventsAccepted: number;
  eventsPerSecond: number;
  pushes: number;
  pushP50: number;
  pushP99: number;
  pulls: number;
  pullP99: number;
  failedRequests: number;
  lost: number;
  duplicated: number;
  gaps: number;
  accountsIdentical: number;
  accounts: number;
}

interface Device {
  id: string;
  client: SyncClient;
  source: EventSource;
  log: { serverSeq: number; event: WireEvent }[];
  acknowledged: Set<string>;
}

/** Registers the accounts, runs every device for `plan.seconds`, then checks and measures. */
export async function runThroughput(hostUrl: string, plan: ThroughputPlan, seed: string): Promise<ThroughputResult> {
  const random = seededRandom(seed);
  const accounts: Device[][] = [];
  for (let a = 0; a < plan.accounts; a++) {
    const owner = await new SyncClient(hostUrl, 60_000).register(`bench-${seed}-${a}@example.com`);
    accounts.push(
      Array.from({ length: plan.devicesPerAccount }, (_, d) => {
        const client = new SyncClient(hostUrl, 60_000);
        client.cookie = owner.cookie;
        // Each device seals what it pushes and opens what it pulls with the account key, as the app does.
        client.keyring = owner.keyring;
        return {
          id: newDeviceId(),
          client,
          source: new EventSource(random, a * plan.devicesPerAccount + d),
          log: [],
          acknowledged: new Set<string>(),
        };
      }),
    );
  }
  const pushTimes: number[] = [];
  const pullTimes: number[] = [];
  let accepted = 0;
  let failed = 0;
  const started = performance.now();
  const end = started + plan.seconds * 1000;

  const pullNew = async (device: Device) => {
    const after = device.log.length ? device.log[device.log.length - 1].serverSeq : 0;
    const t = performance.now();
    const page = await device.client.pullAll(device.id, after, true);
    const opened = await Promise.all(
      page.events.map(async (e) => ({ serverSeq: e.serverSeq, event: (await device.client.open(e.event)) as WireEvent })),
    );
    pullTimes.push(performance.now() - t);
    device.log.push(...opened);
  };
  const run = async (device: Device) => {
    while (performance.now() < end) {
      const events = device.source.batch(plan.batch);
      const t = performance.now();
      const answer = await device.client.push(device.id, events).catch(() => null);
      pushTimes.push(performance.now() - t);
      // A refused event is a failure too: the host answers 200 for the rest of its batch.
      if (answer?.status !== 200 || answer.json.refused?.length) {
        failed++;
        if (answer?.status !== 200) continue;
      }
      accepted += answer.json.accepted.length;
      for (const p of [...answer.json.accepted, ...answer.json.duplicates]) device.acknowledged.add(p.id);
      await pullNew(device).catch(() => failed++);
    }
  };
  await Promise.all(accounts.flat().map(run));
  const elapsed = (performance.now() - started) / 1000;
  for (const device of accounts.flat()) await pullNew(device);

  let lost = 0;
  let duplicated = 0;
  let gaps = 0;
  let identical = 0;
  for (const devices of accounts) {
    const log = devices[0].log;
    const ids = log.map((e) => e.event.id);
    const unique = new Set(ids);
    duplicated += ids.length - unique.size;
    gaps += log.filter((e, i) => e.serverSeq !== i + 1).length;
    for (const device of devices) for (const id of device.acknowledged) if (!unique.has(id)) lost++;
    const prints = new Set(devices.map((device) => storageFingerprint(fold(device.log))));
    if (prints.size === 1) identical++;
  }
  return {
    seconds: elapsed,
    devices: accounts.flat().length,
    eventsAccepted: accepted,
    eventsPerSecond: accepted / elapsed,
    pushes: pushTimes.length,
    pushP50: quantile(pushTimes, 0.5),
    pushP99: quantile(pushTimes, 0.99),
    pulls: pullTimes.length,
    pullP99: quantile(pullTimes, 0.99),
    failedRequests: failed,
    lost,
    duplicated,
    gaps,
    accountsIdentical: identical,
    accounts: accounts.length,
  };
}
