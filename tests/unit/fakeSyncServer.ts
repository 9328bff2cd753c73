import { EVENT_SCHEMA_VERSION, utf8Length } from '../../src/events/catalog';
import type { Checkpoint, PullPage, PushAnswer, WireEvent } from '../../src/services/sync/protocol';
import { SyncError, type SyncTransport } from '../../src/services/sync/transport';
import { HttpError } from '../../functions/_shared/http.ts';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../../functions/sync/limits.ts';
import { checkPush } from '../../functions/sync/push.ts';

/**
 * An in-memory sync server with the protocol's rules (docs/sync.md): one account, events ordered
 * by a counter, duplicates answered with their first sequence number, pushes checked by the real
 * host's own `checkPush` (so a body over its limit is refused as a whole with 413, and each event
 * is stored or refused on its own), pulls paged by count. Devices get a transport each; a
 * transport can be taken offline, lose the answers of pushes the server stored (to test retries)
 * or fail its pushes. For engine tests; the real host is tested in tests/sync and end to end.
 */
export class FakeSyncServer {
  readonly events: { serverSeq: number; deviceId: string; event: WireEvent }[] = [];
  checkpointStored: Checkpoint | null = null;
  private listeners = new Set<(head: number) => void>();
  pageSize = 50;
  /** The host's limits; a test may shrink one. */
  limits: SyncLimits = { ...DEFAULT_SYNC_LIMITS };

  get head(): number {
    return this.events.length;
  }

  /** A device's connection to this server. */
  transport(): FakeTransport {
    return new FakeTransport(this);
  }

  /** @throws HttpError as the host answers a push refused as a whole (413 for a body over the limit, 400 ...). */
  push(deviceId: string, batch: WireEvent[]): PushAnswer {
    const text = JSON.stringify({ deviceId, events: batch });
    if (utf8Length(text) > this.limits.maxPushBytes)
      throw new HttpError(413, `Request body is larger than ${this.limits.maxPushBytes} bytes`);
    const checked = checkPush(JSON.parse(text), this.limits);
    const result: PushAnswer = { accepted: [], duplicates: [], refused: checked.refused };
    for (const { id, body } of checked.events) {
      const held = this.events.find((e) => e.event.id === id);
      if (held) result.duplicates.push({ id, serverSeq: held.serverSeq });
      else {
        this.events.push({ serverSeq: this.head + 1, deviceId, event: JSON.parse(body) as WireEvent });
        result.accepted.push({ id, serverSeq: this.head });
      }
    }
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

/** The SyncError the HTTP transport makes of an answer with `status` (src/services/sync/httpTransport.ts). */
function failure(status: number, message: string): SyncError {
  if (status === 401) return new SyncError('signed-out', message, null, status);
  if (status === 429 || status >= 500) return new SyncError('busy', message, null, status);
  return new SyncError('refused', message, null, status);
}

/** One device's transport to a FakeSyncServer. */
export class FakeTransport implements SyncTransport {
  online = true;
  /** The next this-many pushes are stored by the server but their answers never arrive. */
  loseAnswers = 0;
  /** While set, every push fails with this HTTP status before reaching the server (pulls still work). */
  failPushesWith: number | null = null;
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
    if (this.failPushesWith !== null) throw failure(this.failPushesWith, 'the push failed');
    for (const e of events) if ('seq' in e || 'sseq' in e) throw new Error('a local position went on the wire');
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
