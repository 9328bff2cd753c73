/**
 * What this device remembers of each account it opened with its key bundle (docs/sync.md "Threat
 * model", "A host that lies"): that it did, and the most Argon2id memory and passes it used. Once
 * pinned, a sync server that asks for the password itself (`{upgrade: true}`) or offers cheaper
 * KDF parameters is refused before anything is sent. The pin holds no secret and outlives
 * sign-out: it is a promise this device keeps, not a session. Kept by a hash of the e-mail.
 */
import { kdfError, type KdfParams } from '../../../catalog';
import { ACCOUNT_PINS_KEY, readItem, writeItem, type StorageArea } from '../webStorage';
import { AccountError } from './account';
import { toBase64Url } from '../../lib/base64';
import { utf8 } from './e2ee/bytes';

/** The least KDF cost this device accepts for an account it opened before: Argon2id memory (KiB) and passes. */
export interface KdfFloor {
  memoryKiB: number;
  iterations: number;
}

/** The pins of one device, by e-mail (trimmed, any case). */
export interface AccountPins {
  /** The floor of `email`'s account, or null when this device never opened it. */
  read(email: string): Promise<KdfFloor | null>;
  /** `email`'s account opened with `kdf`: pin it, raising the floor to `kdf`'s cost, never lowering it. */
  record(email: string, kdf: KdfParams): Promise<void>;
}

/** What the dialog says when a host asks for the password of an account this device opened with its keys (docs/product.md "Account and sync"). */
export const PASSWORD_ASKED_MESSAGE =
  'The sync server asked this device to send your password itself. Your account is end-to-end encrypted, so NotePad never does that: nothing was sent and you are not signed in. The server may have been tampered with; ask its operator.';

/** What the dialog says when a host offers KDF parameters below NotePad's minimum or below what this device used before. */
const WEAK_KDF_MESSAGE =
  'The sync server asked for weaker protection of your password than NotePad accepts, which would make it easier to guess: nothing was sent and you are not signed in. The server may have been tampered with; ask its operator.';

/**
 * `kdf` as the host gave it, once it is at least NotePad's minimum (catalog/keys.ts `kdfError`)
 * and at least `floor` (this device's pin of the account, or null).
 * @throws AccountError 'unsafe-host' with WEAK_KDF_MESSAGE otherwise.
 */
export function checkHostKdf(kdf: unknown, floor: KdfFloor | null): KdfParams {
  const weak = kdfError(kdf) !== null;
  const params = kdf as KdfParams;
  if (weak || (floor && (params.memoryKiB < floor.memoryKiB || params.iterations < floor.iterations)))
    throw new AccountError('unsafe-host', WEAK_KDF_MESSAGE);
  return params;
}

/** The pin's key of an e-mail: SHA-256 of it trimmed and lower-cased, base64url (no typed address is kept). */
async function pinKey(email: string): Promise<string> {
  return toBase64Url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(email.trim().toLowerCase()))));
}

const isFloor = (x: unknown): x is KdfFloor =>
  typeof x === 'object' &&
  x !== null &&
  Number.isSafeInteger((x as KdfFloor).memoryKiB) &&
  Number.isSafeInteger((x as KdfFloor).iterations);

/** `floor` raised to `cost` (a floor, or KDF parameters). */
const raised = (floor: KdfFloor | null, cost: KdfFloor): KdfFloor => ({
  memoryKiB: Math.max(floor?.memoryKiB ?? 0, cost.memoryKiB),
  iterations: Math.max(floor?.iterations ?? 0, cost.iterations),
});

/**
 * The pins in a Web Storage area (`localStorage` in the browser, under ACCOUNT_PINS_KEY: JSON of
 * `{[hash of e-mail]: {memoryKiB, iterations}}`), with a copy in memory for this page, so a pin
 * holds for the page even when the area cannot be written (full, refused); such failures are logged.
 */
export function webStoragePins(area: StorageArea | null): AccountPins {
  const page = new Map<string, KdfFloor>();
  const stored = (): Record<string, unknown> => {
    if (!area) return {};
    const read = readItem(area, ACCOUNT_PINS_KEY);
    if (!read.ok) {
      console.warn(`NotePad: the account pins could not be read (${read.kind})`, read.error);
      return {};
    }
    try {
      const value: unknown = read.value === null ? {} : JSON.parse(read.value);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Reported below.
    }
    console.warn(`NotePad: ${ACCOUNT_PINS_KEY} is not a record of pins; pins made now replace it`);
    return {};
  };
  return {
    async read(email) {
      const key = await pinKey(email);
      const fromArea = stored()[key];
      const inPage = page.get(key) ?? null;
      if (!isFloor(fromArea)) return inPage;
      return inPage ? raised(fromArea, inPage) : fromArea;
    },
    async record(email, kdf) {
      const key = await pinKey(email);
      const all = stored();
      const before = isFloor(all[key]) ? all[key] : null;
      const inPage = page.get(key);
      const floor = raised(inPage ? raised(before, inPage) : before, kdf);
      page.set(key, floor);
      if (!area) return;
      const written = writeItem(area, ACCOUNT_PINS_KEY, JSON.stringify({ ...all, [key]: floor }));
      if (!written.ok)
        console.warn(`NotePad: the account pin could not be kept (${written.kind}); it holds for this page only`, written.error);
    },
  };
}
