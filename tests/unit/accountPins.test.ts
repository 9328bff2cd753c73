import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KDF, MIN_KDF, type KdfParams } from '../../catalog';
import { checkHostKdf, webStoragePins } from '../../src/services/sync/accountPins';
import { ACCOUNT_PINS_KEY } from '../../src/services/webStorage';
import { MemoryWebStorage } from './memoryWebStorage';

const SALT = 'AAAAAAAAAAAAAAAAAAAAAA';
const kdf = (memoryKiB: number, iterations: number): KdfParams => ({ ...DEFAULT_KDF, memoryKiB, iterations, salt: SALT });
afterEach(() => vi.restoreAllMocks());

describe('account pins', () => {
  it('remember an account per e-mail in any case, keep no typed address, and hold for another page of the same browser', async () => {
    const area = new MemoryWebStorage();
    await webStoragePins(area).record(' Ana@Example.com ', kdf(65_536, 3));
    expect(await webStoragePins(area).read('ana@example.com')).toEqual({ memoryKiB: 65_536, iterations: 3 });
    expect(await webStoragePins(area).read('other@example.com')).toBeNull();
    expect(area.getItem(ACCOUNT_PINS_KEY)).not.toMatch(/ana|example/i);
  });

  it('raise the floor to the costliest parameters used, never lower it', async () => {
    const pins = webStoragePins(new MemoryWebStorage());
    await pins.record('a@example.com', kdf(131_072, 2));
    await pins.record('a@example.com', kdf(65_536, 4));
    await pins.record('a@example.com', kdf(MIN_KDF.memoryKiB, MIN_KDF.iterations));
    expect(await pins.read('a@example.com')).toEqual({ memoryKiB: 131_072, iterations: 4 });
  });

  it('hold for the page when the browser refuses to keep them, and say so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pins = webStoragePins(new MemoryWebStorage(0));
    await pins.record('a@example.com', kdf(65_536, 3));
    expect(await pins.read('a@example.com')).toEqual({ memoryKiB: 65_536, iterations: 3 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('holds for this page only'), expect.anything());
  });

  it('read a value that is not a record of pins as none, say so, and replace it at the next pin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const area = new MemoryWebStorage();
    area.setItem(ACCOUNT_PINS_KEY, '[not json');
    const pins = webStoragePins(area);
    expect(await pins.read('a@example.com')).toBeNull();
    expect(warn).toHaveBeenCalled();
    await pins.record('a@example.com', kdf(65_536, 3));
    expect(await webStoragePins(area).read('a@example.com')).toEqual({ memoryKiB: 65_536, iterations: 3 });
  });
});

describe('KDF parameters from a host', () => {
  it('are taken from NotePad’s minimum up, and from the pinned floor up for an account this device opened', () => {
    expect(checkHostKdf(kdf(MIN_KDF.memoryKiB, MIN_KDF.iterations), null)).toMatchObject({ memoryKiB: MIN_KDF.memoryKiB });
    expect(checkHostKdf(kdf(65_536, 3), { memoryKiB: 65_536, iterations: 3 })).toMatchObject({ iterations: 3 });
    for (const [offered, floor] of [
      [kdf(MIN_KDF.memoryKiB - 1, 3), null],
      [kdf(65_536, 1), null],
      [{ ...kdf(65_536, 3), alg: 'pbkdf2' }, null],
      [{ ...kdf(65_536, 3), salt: 'short' }, null],
      [kdf(MIN_KDF.memoryKiB, MIN_KDF.iterations), { memoryKiB: 65_536, iterations: 3 }],
      [kdf(131_072, 2), { memoryKiB: 65_536, iterations: 3 }],
    ] as const)
      expect(() => checkHostKdf(offered, floor), JSON.stringify([offered, floor])).toThrow(/weaker protection of your password/);
  });
});
