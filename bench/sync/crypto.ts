/**
 * The cost of end-to-end encryption on one core (docs/sync.md "Keys", "Figures"): sign-in unlock
 * (Argon2id at the account's parameters, then unwrapping the account key) and sealing and opening
 * one event (AES-256-GCM through WebCrypto), with the app's own code in Node. Times in ms.
 */
import { DEFAULT_KDF } from '../../catalog/index.ts';
import { createAccountKeys, derivePasswordSecrets, newKdf, unlockWithPassword } from '../../src/services/sync/e2ee/keys';
import { openEvent, sealEvent } from '../../src/services/sync/e2ee/seal';

/** Median unlock time and per-event seal/open times. */
export interface CryptoFigures {
  kdf: string;
  unlockMedianMs: number;
  unlockRuns: number[];
  sealRenameUs: number;
  openRenameUs: number;
  sealBodyUs: number;
  openBodyUs: number;
  bodyBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Average µs per call of `run` over `items` (all started one after another). */
async function perItem<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<number> {
  const t = performance.now();
  for (const item of items) await run(item);
  return ((performance.now() - t) * 1000) / items.length;
}

/** Measure `runs` unlocks and `events` seals and opens of two event kinds. */
export async function runCrypto(runs = 5, events = 2000): Promise<CryptoFigures> {
  const kdf = newKdf();
  const password = 'a bench password of fair length';
  const made = await createAccountKeys(kdf, (await derivePasswordSecrets(password, kdf)).kek);
  const unlockRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await unlockWithPassword(made.bundle, (await derivePasswordSecrets(password, kdf)).kek);
    unlockRuns.push(performance.now() - t);
  }
  const at = new Date().toISOString();
  const rename = (i: number) => ({
    v: 2,
    id: crypto.randomUUID(),
    at,
    device: 'bench-device-1',
    type: 'note.renamed',
    payload: { id: String(1_600_000_000_000 + i), title: `Renamed ${i}` },
  });
  const html = `<p>${'agenda items, follow-ups and a few thoughts about the week. '.repeat(30)}</p>`;
  const body = (i: number) => ({
    v: 2,
    id: crypto.randomUUID(),
    at,
    device: 'bench-device-1',
    type: 'note.body-saved',
    payload: { id: String(1_600_000_000_000 + i), html },
  });
  const key = made.accountKey;
  const renames = Array.from({ length: events }, (_, i) => rename(i));
  const bodies = Array.from({ length: events }, (_, i) => body(i));
  const sealedRenames = await Promise.all(renames.map((e) => sealEvent(key, 'bench-user', e)));
  const sealedBodies = await Promise.all(bodies.map((e) => sealEvent(key, 'bench-user', e)));
  return {
    kdf: `Argon2id ${DEFAULT_KDF.memoryKiB / 1024} MiB, t=${DEFAULT_KDF.iterations}, p=${DEFAULT_KDF.parallelism}`,
    unlockMedianMs: median(unlockRuns),
    unlockRuns,
    sealRenameUs: await perItem(renames, (e) => sealEvent(key, 'bench-user', e)),
    openRenameUs: await perItem(sealedRenames, (e) => openEvent(key, 'bench-user', e)),
    sealBodyUs: await perItem(bodies, (e) => sealEvent(key, 'bench-user', e)),
    openBodyUs: await perItem(sealedBodies, (e) => openEvent(key, 'bench-user', e)),
    bodyBytes: JSON.stringify(bodies[0]).length,
  };
}
