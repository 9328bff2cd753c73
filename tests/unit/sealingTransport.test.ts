import { describe, expect, it } from 'vitest';
import type { PullPage, SealedCheckpoint, SealedEvent } from '../../catalog';
import { CHECKPOINT_FORMAT } from '../../catalog';
import { ALTERED_REASON, sealBytes, sealCheckpoint, sealEvent } from '../../src/services/sync/e2ee/seal';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { ev } from './helpers';
import { LOCKED_MESSAGE, sealingTransport } from '../../src/services/sync/sealingTransport';
import { SyncError, type SealedTransport } from '../../src/services/sync/transport';

/** The transport between the engine and the wire (docs/architecture.md "Sync"): nothing in clear goes out, nothing unopened comes in. */

const key = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const event = (id: string, title: string) => ({
  v: 2,
  id,
  at: '2026-11-25T10:00:00.000Z',
  device: 'web-device-a1',
  type: 'note.renamed',
  payload: { id: '1700000000001', title },
});

/** A checkpoint as a build that wrote `format` sealed it (the AAD of seal.ts's checkpoints). */
async function sealCheckpointAs(
  account: { userId: string; key: CryptoKey },
  serverSeq: number,
  format: string,
  state: unknown,
): Promise<SealedCheckpoint> {
  const gzip = new Uint8Array(
    await new Response(new Blob([JSON.stringify(state)]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
  );
  const aad = JSON.stringify(['notepad/checkpoint/1', account.userId, serverSeq, format]);
  return { serverSeq, format, c: await sealBytes(account.key, gzip, aad) };
}

/** A wire that records what it is sent and answers what a test gives it. */
function wire(page: PullPage = { events: [], head: 0, more: false }, checkpoint: SealedCheckpoint | null = null) {
  const pushed: SealedEvent[][] = [];
  const uploaded: SealedCheckpoint[] = [];
  const transport: SealedTransport = {
    push: async (_deviceId, events) => {
      pushed.push(events);
      return { accepted: events.map((e, i) => ({ id: e.id, serverSeq: i + 1 })), duplicates: [], refused: [], head: events.length };
    },
    pull: async () => page,
    checkpoint: async () => checkpoint,
    putCheckpoint: async (_deviceId, c) => void uploaded.push(c),
    live: () => () => undefined,
  };
  return { transport, pushed, uploaded };
}

describe('the sealing transport', () => {
  it('sends nothing and says to sign in again while the device has no account key', async () => {
    const { transport, pushed, uploaded } = wire();
    const locked = sealingTransport(transport, async () => null);
    await expect(locked.push('web-device-a1', [event('event-0001', 'Secret plan')])).rejects.toMatchObject({
      failure: 'signed-out',
      message: LOCKED_MESSAGE,
    });
    await expect(locked.putCheckpoint('web-device-a1', { serverSeq: 1, format: 'x', state: {} as never })).rejects.toMatchObject({
      failure: 'signed-out',
    });
    await expect(locked.pull('web-device-a1', 0)).rejects.toMatchObject({ failure: 'signed-out' });
    expect(pushed).toEqual([]);
    expect(uploaded).toEqual([]);
  });

  it('pushes only sealed events and uploads only a sealed checkpoint', async () => {
    const { transport, pushed, uploaded } = wire();
    const keyring = { userId: 'user-a', key: await key() };
    const sealing = sealingTransport(transport, async () => keyring);
    await sealing.push('web-device-a1', [event('event-0001', 'Secret plan')]);
    await sealing.putCheckpoint('web-device-a1', { serverSeq: 1, format: 'x', state: { order: ['Secret plan'] } as never });
    expect(JSON.stringify([pushed, uploaded])).not.toContain('Secret');
    expect(Object.keys(pushed[0][0]).sort()).toEqual(['at', 'c', 'device', 'id', 'v']);
  });

  it('hands the engine what opens, and an event that does not open as unreadable with its id and the reason', async () => {
    const mine = { userId: 'user-a', key: await key() };
    const theirs = { userId: 'user-b', key: await key() };
    const good = await sealEvent(mine.key, mine.userId, event('event-0001', 'Kept'));
    const moved = { ...(await sealEvent(mine.key, mine.userId, event('event-0002', 'Moved'))), c: good.c };
    const foreign = await sealEvent(theirs.key, theirs.userId, event('event-0003', 'Not mine'));
    const page: PullPage = {
      events: [good, moved, foreign].map((e, i) => ({ serverSeq: i + 1, deviceId: 'web-device-a1', event: e })),
      head: 3,
      more: false,
    };
    const opened = await sealingTransport(wire(page).transport, async () => mine).pull('web-device-a1', 0);
    expect(opened.events).toEqual([
      { serverSeq: 1, deviceId: 'web-device-a1', event: event('event-0001', 'Kept') },
      { serverSeq: 2, deviceId: 'web-device-a1', event: null, id: 'event-0002', unreadable: ALTERED_REASON },
      { serverSeq: 3, deviceId: 'web-device-a1', event: null, id: 'event-0003', unreadable: ALTERED_REASON },
    ]);
  });

  it('does not use a checkpoint that does not open, and uses one that does', async () => {
    const mine = { userId: 'user-a', key: await key() };
    const state = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1700000000001', title: 'Kept' })]);
    const sealed = await sealCheckpoint(mine.key, mine.userId, 7, state);
    const read = (c: SealedCheckpoint) => sealingTransport(wire(undefined, c).transport, async () => mine).checkpoint('web-device-a1');
    // With the bytes as opened, which a new device stores as its origin (docs/architecture.md "Sync").
    expect(await read(sealed)).toEqual({ serverSeq: 7, format: CHECKPOINT_FORMAT, state, opened: { v: 5, gzip: expect.any(Uint8Array) } });
    expect(await read({ ...sealed, serverSeq: 8 })).toBeNull();
    expect(await read({ ...sealed, c: sealed.c.slice(0, -8) + 'AAAAAAAA' })).toBeNull();
  });

  it('parses a checkpoint’s state: one of the build before is upcast, one that does not parse is not used', async () => {
    const mine = { userId: 'user-a', key: await key() };
    const read = (c: SealedCheckpoint) => sealingTransport(wire(undefined, c).transport, async () => mine).checkpoint('web-device-a1');
    const {
      origins: _o,
      remaps: _r,
      notebooks: _n,
      goneNotebooks: _g,
      notebookAliases: _a,
      filed: _f,
      tags: _t,
      tagged: _d,
      ...before
    } = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1700000000001', title: 'Old' })]);
    // A build of schema 3 sealed its checkpoints under this format, with no notebooks or tags in its state.
    const old = await sealCheckpointAs(mine, 5, 'notes-state/2+gzip', before);
    const opened = await read(old);
    expect(opened?.format).toBe(CHECKPOINT_FORMAT);
    expect(opened?.state.meta['1700000000001'].title).toBe('Old');
    expect(opened?.state.notebooks).toEqual({});
    expect(await read(await sealCheckpoint(mine.key, mine.userId, 6, { order: ['1700000000001'] }))).toBeNull();
  });

  it('uses a checkpoint the build before saves as changes wrote (format notes-state/4+gzip), notes and shared links kept', async () => {
    const mine = { userId: 'user-a', key: await key() };
    const read = (c: SealedCheckpoint) => sealingTransport(wire(undefined, c).transport, async () => mine).checkpoint('web-device-a1');
    const state = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: '1700000000002', title: 'Before changes' }),
      ev('note.body-saved', { id: '1700000000002', html: '<p>whole body</p>' }),
    ]);
    const bodies = { '1700000000002': { html: '<p>whole body</p>' } };
    const opened = await read(await sealCheckpointAs(mine, 9, 'notes-state/4+gzip', { ...state, bodies }));
    expect(opened?.format).toBe(CHECKPOINT_FORMAT);
    expect(opened?.serverSeq).toBe(9);
    expect(opened?.state.meta['1700000000002'].title).toBe('Before changes');
    expect(opened?.state.bodies['1700000000002']).toEqual({ html: '<p>whole body</p>' });
  });

  it('registers the checkpoint verifier once, sends the proof with each checkpoint, and registers again when the host asks', async () => {
    const mine = { userId: 'user-a', key: await key() };
    let verifier: string | null = null;
    const calls: string[] = [];
    const inner: SealedTransport = {
      ...wire().transport,
      registerCheckpointVerifier: async (_deviceId, recoveryProof, next) => {
        calls.push(`register ${recoveryProof}`);
        verifier = next;
      },
      putCheckpoint: async (_deviceId, _c, proof) => {
        calls.push(`put ${proof ?? 'without proof'}`);
        if (verifier === null) throw new SyncError('refused', 'No checkpoint verifier is registered for this account', null, 403);
      },
    };
    const proofs = async () => ({ recoveryProof: 'R', proof: 'P', verifier: 'V' });
    const sealing = sealingTransport(inner, async () => ({ ...mine, proofs }));
    const checkpoint = { serverSeq: 1, format: CHECKPOINT_FORMAT, state: { order: [] } as never };
    await sealing.putCheckpoint('web-device-a1', checkpoint);
    await sealing.putCheckpoint('web-device-a1', checkpoint);
    // A recovery elsewhere made the host forget the verifier.
    verifier = null;
    await sealing.putCheckpoint('web-device-a1', checkpoint);
    expect(calls).toEqual(['register R', 'put P', 'put P', 'put P', 'register R', 'put P']);
    expect(verifier).toBe('V');
    // Without proofs (the keys could not be read) the checkpoint goes without one.
    const plain = sealingTransport(inner, async () => ({ ...mine, proofs: async () => null }));
    await plain.putCheckpoint('web-device-a1', checkpoint);
    expect(calls.at(-1)).toBe('put without proof');
  });
});
