import { describe, expect, it } from 'vitest';
import { CHECKPOINT_FORMAT, checkpointVerifierOf, keyBundleError, sealedEnvelopeError } from '../../catalog';
import { fromBase32, toBase32Groups } from '../../src/services/sync/e2ee/bytes';
import {
  checkpointProofs,
  createAccountKeys,
  derivePasswordSecrets,
  newKdf,
  readRecoveryKey,
  recoverWithKey,
  recoveryProof,
  revealRecoveryKey,
  rewrapForPassword,
  unlockWithPassword,
} from '../../src/services/sync/e2ee/deviceKeys';
import { openEvent, sealCheckpoint, sealedEventBytes, sealEvent, SealError, splitEvent } from '../../src/services/sync/e2ee/seal';
import { openCheckpoint } from '../support/openCheckpoint';

/** Fast KDF parameters for tests that are not about the KDF's cost (the host's minimum). */
const quickKdf = () => ({ ...newKdf(), memoryKiB: 19_456, iterations: 2 });

const event = {
  v: 2,
  id: 'event-0001',
  at: '2026-11-25T10:00:00.000Z',
  device: 'web-device-1',
  type: 'note.renamed',
  payload: { id: 1700000000000, title: 'Grocery list' },
};

describe('end-to-end keys', () => {
  it('derives the same login secret and key-encryption key from a password typed in another Unicode form', async () => {
    const kdf = quickKdf();
    const composed = await derivePasswordSecrets('café secret 1', kdf);
    const decomposed = await derivePasswordSecrets('cafe\u0301 secret 1', kdf);
    expect(decomposed.loginSecret).toBe(composed.loginSecret);
    expect(composed.loginSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { bundle } = await createAccountKeys(kdf, composed.kek);
    await expect(unlockWithPassword(bundle, decomposed.kek)).resolves.toBeDefined();
  });

  it('unlocks the account key with the password, refuses another password, and rewraps it for a new password', async () => {
    const kdf = quickKdf();
    const { kek } = await derivePasswordSecrets('first password here', kdf);
    const made = await createAccountKeys(kdf, kek);
    expect(keyBundleError(made.bundle)).toBeNull();
    const wrong = await derivePasswordSecrets('another password', kdf);
    await expect(unlockWithPassword(made.bundle, wrong.kek)).rejects.toBeInstanceOf(SealError);

    const key = await unlockWithPassword(made.bundle, kek);
    expect(key.extractable).toBe(false);
    const sealed = await sealEvent(made.accountKey, 'user-a', event);
    expect(await openEvent(key, 'user-a', sealed)).toEqual(event);

    const newKdfParams = quickKdf();
    const next = await derivePasswordSecrets('second password here', newKdfParams);
    const passwordWrap = await rewrapForPassword(made.bundle, kek, next.kek);
    const reopened = await unlockWithPassword({ passwordWrap }, next.kek);
    expect(await openEvent(reopened, 'user-a', sealed)).toEqual(event);
  });

  it('recovers the account key with the recovery key, which Account can show again', async () => {
    const kdf = quickKdf();
    const { kek } = await derivePasswordSecrets('first password here', kdf);
    const made = await createAccountKeys(kdf, kek);
    expect(made.recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    expect(await revealRecoveryKey(made.bundle, made.accountKey)).toBe(made.recoveryKey);
    const typed = readRecoveryKey(made.recoveryKey.toLowerCase().replace(/-/g, ' '));
    const next = await derivePasswordSecrets('a brand new password', quickKdf());
    const recovered = await recoverWithKey(made.bundle.recoveryWrap, typed!, next.kek);
    const sealed = await sealEvent(made.accountKey, 'user-a', event);
    expect(await openEvent(recovered.accountKey, 'user-a', sealed)).toEqual(event);
    expect(await openEvent(await unlockWithPassword(recovered, next.kek), 'user-a', sealed)).toEqual(event);
    const other = readRecoveryKey(toBase32Groups(crypto.getRandomValues(new Uint8Array(32))))!;
    await expect(recoverWithKey(made.bundle.recoveryWrap, other, next.kek)).rejects.toBeInstanceOf(SealError);
    expect(readRecoveryKey('ABCD-EFGH')).toBeNull();
    expect(fromBase32('not base32 at all!', 32)).toBeNull();
  });
});

describe('sealed events and checkpoints', () => {
  const key = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

  it('keeps only the envelope in clear, at exactly the size the push measures', async () => {
    const k = await key();
    const sealed = await sealEvent(k, 'user-a', { ...event, seq: 4, sseq: 9 });
    expect(Object.keys(sealed).sort()).toEqual(['at', 'c', 'device', 'id', 'v']);
    expect(JSON.stringify(sealed)).not.toContain('Grocery');
    expect(sealedEnvelopeError(sealed)).toBeNull();
    const { envelope, inner } = splitEvent(event);
    expect(new TextEncoder().encode(JSON.stringify(sealed)).length).toBe(
      sealedEventBytes(envelope, new TextEncoder().encode(inner).length),
    );
  });

  it('refuses a ciphertext moved to another event, another account, an altered envelope or altered bytes', async () => {
    const k = await key();
    const a = await sealEvent(k, 'user-a', event);
    const b = await sealEvent(k, 'user-a', { ...event, id: 'event-0002' });
    await expect(openEvent(k, 'user-a', { ...b, c: a.c })).rejects.toThrow("altered or is not this account's");
    await expect(openEvent(k, 'user-b', a)).rejects.toBeInstanceOf(SealError);
    await expect(openEvent(k, 'user-a', { ...a, at: '2026-11-25T10:00:01.000Z' })).rejects.toBeInstanceOf(SealError);
    await expect(openEvent(k, 'user-a', { ...a, device: 'web-device-2' })).rejects.toBeInstanceOf(SealError);
    const bytes = [...atob(a.c)];
    bytes[20] = String.fromCharCode(bytes[20].charCodeAt(0) ^ 1);
    await expect(openEvent(k, 'user-a', { ...a, c: btoa(bytes.join('')) })).rejects.toBeInstanceOf(SealError);
    await expect(openEvent(k, 'user-a', { ...a, c: 'not base64!' })).rejects.toBeInstanceOf(SealError);
  });

  it('seals a checkpoint bound to its serverSeq and format', async () => {
    const k = await key();
    const state = { order: [1, 2], titles: { 1: 'Plans', 2: 'Ideas' } };
    const sealed = await sealCheckpoint(k, 'user-a', 40, state);
    expect(sealed.format).toBe(CHECKPOINT_FORMAT);
    expect(await openCheckpoint(k, 'user-a', sealed)).toEqual(state);
    await expect(openCheckpoint(k, 'user-a', { ...sealed, serverSeq: 41 })).rejects.toBeInstanceOf(SealError);
    await expect(openCheckpoint(k, 'user-b', sealed)).rejects.toBeInstanceOf(SealError);
    expect(await openCheckpoint(k, 'user-a', { ...sealed, format: 'notes-state/1' })).toBeNull();
  });

  it('makes the checkpoint proof from the recovery key it opens with the account key: the host’s verifier of it, and the recovery proof to register it', async () => {
    const kdf = quickKdf();
    const { kek } = await derivePasswordSecrets('first password here', kdf);
    const made = await createAccountKeys(kdf, kek);
    const proofs = await checkpointProofs(made.bundle, made.accountKey);
    expect(proofs.verifier).toBe(await checkpointVerifierOf(proofs.proof));
    expect(proofs.recoveryProof).toBe(await recoveryProof(readRecoveryKey(made.recoveryKey)!));
    expect(proofs.proof).not.toBe(proofs.recoveryProof);
    expect(await checkpointProofs(made.bundle, made.accountKey)).toEqual(proofs);
    const other = await createAccountKeys(kdf, kek);
    await expect(checkpointProofs(made.bundle, other.accountKey)).rejects.toBeInstanceOf(SealError);
  });
});
