import { utf8Length } from '../../catalog';
import type { PullPage, PushAnswer, SealedCheckpoint, SealedEvent } from '../../catalog';
import type { Checkpoint, WireEvent } from '../../src/services/sync/syncProtocol';
import { openEvent, sealEvent } from '../../src/services/sync/e2ee/seal';
import { sealingTransport, type AccountKeyring } from '../../src/services/sync/sealingTransport';
import { SyncError, type SealedTransport, type SyncTransport } from '../../src/services/sync/transport';
import { HttpError } from '../../functions/_shared/httpError.ts';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../../functions/sync/syncLimits.ts';
import { checkPush } from '../../functions/sync/push.ts';
import { openCheckpoint } from '../support/openCheckpoint';

/**
 * An in-memory sync server with the protocol's rules (docs/sync.md): one account, events ordered
 * by a counter, duplicates answered with their first sequence number, pushes checked by the real
 * host's own `checkPush` (so a body over its limit is refused as a whole with 413, and each event
 * is stored or refused on its own), pulls paged by count. Devices get a transport each; a
 * transport can be taken offline, lose the answers of pushes the server stored (to test retries)
 * or fail its pushes. Events and checkpoints are sealed as on the real wire, with one account key
 * every transport of the server shares. For engine tests; the real host is tested in tests/sync
 * and end to end.
 */
export class FakeSyncServer {
  readonly events: { serverSeq: number; deviceId: string; event: SealedEvent }[] = [];
  checkpointStored: SealedCheckpoint | null = null;
  /** The account's key and user id, as its devices have them. */
  readonly keyring: Promise<AccountKeyring> = crypto.subtle
    .generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    .then((key) => ({ userId: 'user-1', key }));
  private listeners = new Set<(head: number) => void>();
  /** The highest serverSeq dropped (docs/sync.md "snapshot"): a pull from before it answers 410. */
  floor = 0;
  private readonly dropped = new Map<string, number>();
  pageSize = 50;
  /** The host's limits; a test may shrink one. */
  limits: SyncLimits = { ...DEFAULT_SYNC_LIMITS };

  get head(): number {
    return this.events.length ? this.events[this.events.length - 1].serverSeq : this.floor;
  }

  /** Drop the events through `serverSeq` as the host does once a checkpoint with a proof covers them; their ids stay known. */
  drop(serverSeq: number): void {
    for (const e of this.events.filter((e) => e.serverSeq <= serverSeq)) this.dropped.set(e.event.id, e.serverSeq);
    this.events.splice(0, this.events.filter((e) => e.serverSeq <= serverSeq).length);
    this.floor = Math.max(this.floor, serverSeq);
  }

  /** Every stored event opened with the account key, as the devices read them (for assertions). */
  async opened(): Promise<{ serverSeq: number; deviceId: string; event: Record<string, any> }[]> {
    const { userId, key } = await this.keyring;
    return Promise.all(this.events.map(async (e) => ({ ...e, event: await openEvent(key, userId, e.event) })));
  }

  /** The stored checkpoint opened, or null. */
  async openedCheckpoint(): Promise<Checkpoint | null> {
    const stored = this.checkpointStored;
    if (!stored) return null;
    const { userId, key } = await this.keyring;
    return {
      serverSeq: stored.serverSeq,
      format: stored.format,
      state: (await openCheckpoint(key, userId, stored)) as Checkpoint['state'],
    };
  }

  /** Store `event` sealed with the account key straight into the order, unchecked (as a forged or older host might have). */
  async storeSealed(deviceId: string, event: Record<string, unknown>): Promise<void> {
    const { userId, key } = await this.keyring;
    this.events.push({ serverSeq: this.head + 1, deviceId, event: await sealEvent(key, userId, event) });
  }

  /** A device's connection to this server. */
  transport(): FakeTransport {
    return new FakeTransport(this);
  }

  /** @throws HttpError as the host answers a push refused as a whole (413 for a body over the limit, 400 ...). */
  push(deviceId: string, batch: SealedEvent[]): PushAnswer {
    const text = JSON.stringify({ deviceId, events: batch });
    if (utf8Length(text) > this.limits.maxPushBytes)
      throw new HttpError(413, `Request body is larger than ${this.limits.maxPushBytes} bytes`);
    const checked = checkPush(JSON.parse(text), this.limits);
    const result: PushAnswer = { accepted: [], duplicates: [], refused: checked.refused, head: 0 };
    for (const { id, body } of checked.events) {
      const held = this.events.find((e) => e.event.id === id)?.serverSeq ?? this.dropped.get(id);
      if (held !== undefined) result.duplicates.push({ id, serverSeq: held });
      else {
        this.events.push({ serverSeq: this.head + 1, deviceId, event: JSON.parse(body) as SealedEvent });
        result.accepted.push({ id, serverSeq: this.head });
      }
    }
    result.head = this.head;
    if (result.accepted.length) for (const listener of this.listeners) listener(this.head);
    return result;
  }

  /** @throws HttpError 410 for a pull from before the floor. */
  pull(after: number): PullPage {
    if (after < this.floor) throw new HttpError(410, `Events up to serverSeq ${this.floor} were dropped: start from the checkpoint`);
    const page = this.events.filter((e) => e.serverSeq > after).slice(0, this.pageSize);
    return { events: structuredClone(page), head: this.head, more: after + page.length < this.head };
  }

  listen(listener: (head: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The SyncError the HTTP transport makes of an answer with `status` (src/services/sync/httpTransport.ts). */
function failure(status: number, message: string): SyncError {
  if (status === 401) return new SyncError('signed-out', message, null, status);
  if (status === 429 || status >= 500) return new SyncError('busy', message, null, status);
  return new SyncError('refused', message, null, status);
}

/** One device's transport to a FakeSyncServer: it seals and opens as the app's does (sealingTransport) over the wire forms. */
export class FakeTransport implements SyncTransport {
  online = true;
  /** The next this-many pushes are stored by the server but their answers never arrive. */
  loseAnswers = 0;
  /** While set, every push fails with this HTTP status before reaching the server (pulls still work). */
  failPushesWith: number | null = null;
  signedOut = false;
  /** While set, every checkpoint upload fails with this HTTP status. */
  failCheckpointsWith: number | null = null;
  pushes = 0;

  private readonly sealed: SyncTransport;

  constructor(private readonly server: FakeSyncServer) {
    const wire: SealedTransport = {
      push: (deviceId, events) => this.pushSealed(deviceId, events),
      pull: async (_deviceId, after) => {
        this.check();
        try {
          return this.server.pull(after);
        } catch (error) {
          if (error instanceof HttpError) throw failure(error.status, error.message);
          throw error;
        }
      },
      checkpoint: async () => {
        this.check();
        return this.server.checkpointStored ? structuredClone(this.server.checkpointStored) : null;
      },
      putCheckpoint: async (_deviceId, checkpoint) => {
        this.check();
        if (this.failCheckpointsWith !== null) throw failure(this.failCheckpointsWith, 'the checkpoint was refused');
        this.server.checkpointStored = structuredClone(checkpoint);
      },
      live: (_deviceId, onHead) => this.server.listen((head) => this.online && onHead(head)),
    };
    this.sealed = sealingTransport(wire, () => server.keyring);
  }

  private check(): void {
    if (!this.online) throw new SyncError('offline', 'the network is down');
    if (this.signedOut) throw new SyncError('signed-out', 'sign-in expired');
  }

  async push(deviceId: string, events: WireEvent[]): Promise<PushAnswer> {
    for (const e of events) if ('seq' in e || 'sseq' in e) throw new Error('a local position went on the wire');
    // The network's state when the push is made, as before sealing took its time.
    this.check();
    return this.sealed.push(deviceId, events);
  }

  private async pushSealed(deviceId: string, events: SealedEvent[]): Promise<PushAnswer> {
    this.check();
    this.pushes++;
    if (this.failPushesWith !== null) throw failure(this.failPushesWith, 'the push failed');
    let result: PushAnswer;
    try {
      result = this.server.push(deviceId, events);
    } catch (error) {
      if (error instanceof HttpError) throw failure(error.status, error.message);
      throw error;
    }
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new SyncError('offline', 'the answer was lost');
    }
    return result;
  }

  async pull(deviceId: string, after: number) {
    this.check();
    return this.sealed.pull(deviceId, after);
  }

  checkpoint(deviceId: string): Promise<Checkpoint | null> {
    return this.sealed.checkpoint(deviceId);
  }

  putCheckpoint(deviceId: string, checkpoint: Checkpoint): Promise<void> {
    return this.sealed.putCheckpoint(deviceId, checkpoint);
  }

  live(deviceId: string, onHead: (head: number) => void, onLost: () => void) {
    return this.sealed.live(deviceId, onHead, onLost);
  }
}
