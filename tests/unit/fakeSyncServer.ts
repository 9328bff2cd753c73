import { EVENT_SCHEMA_VERSION, readRecord, SYNCED_EVENT_TYPES } from '../../src/events/catalog';
import type { Checkpoint, PullPage, PushAccepted, WireEvent } from '../../src/services/sync/protocol';
import { SyncError, type PushRefused, type SyncTransport } from '../../src/services/sync/transport';

/**
 * An in-memory sync server with the protocol's rules (docs/sync.md): one account, events ordered
 * by a counter, duplicates answered with their first sequence number, refusals decided per batch,
 * pulls paged by count. Devices get a transport each; a transport can be taken offline or lose
 * the answers of pushes the server stored (to test retries). For engine tests; the real host is
 * tested in tests/sync and end to end.
 */
export class FakeSyncServer {
  readonly events: { serverSeq: number; deviceId: string; event: WireEvent }[] = [];
  checkpointStored: Checkpoint | null = null;
  private listeners = new Set<(head: number) => void>();
  pageSize = 50;

  get head(): number {
    return this.events.length;
  }

  /** A device's connection to this server. */
  transport(): FakeTransport {
    return new FakeTransport(this);
  }

  push(deviceId: string, batch: WireEvent[]): PushAccepted | PushRefused {
    const refused: { id: string; reason: string }[] = [];
    for (const raw of batch) {
      const outcome = readRecord(raw, { requireSeq: false });
      if (outcome.kind === 'malformed') refused.push({ id: raw.id, reason: outcome.reason });
      else if (outcome.kind === 'event' && !SYNCED_EVENT_TYPES.has(outcome.event.type)) refused.push({ id: raw.id, reason: 'not synced' });
    }
    if (refused.length) return { refused };
    const result: PushAccepted = { accepted: [], duplicates: [], head: 0 };
    for (const event of batch) {
      const held = this.events.find((e) => e.event.id === event.id);
      if (held) result.duplicates.push({ id: event.id, serverSeq: held.serverSeq });
      else {
        this.events.push({ serverSeq: this.head + 1, deviceId, event: structuredClone(event) });
        result.accepted.push({ id: event.id, serverSeq: this.head });
      }
    }
    result.head = this.head;
    if (result.accepted.length) for (const listener of this.listeners) listener(this.head);
    return result;
  }

  pull(after: number): PullPage {
    const page = this.events.filter((e) => e.serverSeq > after).slice(0, this.pageSize);
    return { events: structuredClone(page), head: this.head, more: after + page.length < this.head };
  }

  listen(listener: (head: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** One device's transport to a FakeSyncServer. */
export class FakeTransport implements SyncTransport {
  online = true;
  /** The next this-many pushes are stored by the server but their answers never arrive. */
  loseAnswers = 0;
  signedOut = false;
  pushes = 0;

  constructor(private readonly server: FakeSyncServer) {}

  private check(): void {
    if (!this.online) throw new SyncError('offline', 'the network is down');
    if (this.signedOut) throw new SyncError('signed-out', 'sign-in expired');
  }

  async push(deviceId: string, events: WireEvent[]) {
    this.check();
    this.pushes++;
    for (const e of events) if ('seq' in e || 'sseq' in e) throw new Error('a local position went on the wire');
    const result = this.server.push(deviceId, events);
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new SyncError('offline', 'the answer was lost');
    }
    return result;
  }

  async pull(_deviceId: string, after: number) {
    this.check();
    return this.server.pull(after);
  }

  async checkpoint() {
    this.check();
    return this.server.checkpointStored ? structuredClone(this.server.checkpointStored) : null;
  }

  async putCheckpoint(_deviceId: string, checkpoint: Checkpoint) {
    this.check();
    this.server.checkpointStored = structuredClone(checkpoint);
  }

  live(_deviceId: string, onHead: (head: number) => void) {
    return this.server.listen((head) => this.online && onHead(head));
  }
}

export { EVENT_SCHEMA_VERSION };
