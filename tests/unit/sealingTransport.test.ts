import { describe, expect, it } from 'vitest';
import type { PullPage, SealedCheckpoint, SealedEvent } from '../../src/events/catalog';
import { ALTERED_REASON, sealCheckpoint, sealEvent } from '../../src/services/sync/e2ee/seal';
import { LOCKED_MESSAGE, sealingTransport } from '../../src/services/sync/sealingTransport';
import type { SealedTransport } from '../../src/services/sync/transport';

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
    const state = { order: ['1700000000001'] };
    const sealed = await sealCheckpoint(mine.key, mine.userId, 7, state);
    const read = (c: SealedCheckpoint) => sealingTransport(wire(undefined, c).transport, async () => mine).checkpoint('web-device-a1');
    expect(await read(sealed)).toEqual({ serverSeq: 7, format: sealed.format, state });
    expect(await read({ ...sealed, serverSeq: 8 })).toBeNull();
    expect(await read({ ...sealed, c: sealed.c.slice(0, -8) + 'AAAAAAAA' })).toBeNull();
  });
});
