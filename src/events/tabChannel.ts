import { EVENT_SCHEMA_VERSION } from '../../catalog';

/**
 * What tabs of one origin tell each other on the log's BroadcastChannel (docs/architecture.md
 * "Versions and tabs"):
 * - `hello`: a tab started, with the event schema version its build writes. A tab that hears a
 *   newer version stops writing; a tab that hears an older one answers with its own (`reply`), so
 *   an old tab that started second learns of the newer one too.
 * - `appended`: events up to `seq` are durable; read the tail.
 * - `replaced`: the whole log was replaced (an import), or sync began or ended; fold it again.
 * - `ordered`: the tab that talks to the sync server recorded more of the server's order; fold it.
 */
export type TabMessage =
  | { type: 'hello'; schemaVersion: number; reply?: boolean }
  | { type: 'appended'; seq: number; schemaVersion: number }
  | { type: 'replaced' }
  | { type: 'ordered' };

/** The BroadcastChannel surface the log uses; tests pass a pair of fakes. */
export type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((ev: MessageEvent) => void) | null };

/** What the log does with what other tabs say. */
export interface TabHandlers {
  /** Another tab made events durable: read the tail. */
  appended(): void;
  /** Another tab replaced the log: fold it again. */
  replaced(): void;
  /** Another tab runs a build that writes schema `version` (newer than this build's). */
  newerVersion(version: number): void;
  /** Another tab recorded more of the sync server's order: fold it. */
  ordered(): void;
}

/**
 * The log's end of the tab channel. It listens from the moment it is made (before the log reads
 * storage) and holds what arrives until `open()`, then handles it: an append made by another tab
 * while this one loads is read once the load is done, never missed.
 */
export class TabLink {
  private held: TabMessage[] | null = [];

  constructor(
    private readonly channel: Channel,
    private readonly handlers: TabHandlers,
  ) {
    channel.onmessage = (message: MessageEvent) => this.receive(message.data as TabMessage);
  }

  /** Say which schema version this tab writes (at start, before the log is read). */
  announce(): void {
    this.post({ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION });
  }

  /** Start handling messages, beginning with those held during the load (at most one read or fold each). */
  open(): void {
    const held = this.held ?? [];
    this.held = null;
    const replaced = held.some((m) => m.type === 'replaced');
    for (const m of held) if (m.type === 'hello') this.receive(m);
    if (replaced) this.handlers.replaced();
    else {
      if (held.some((m) => m.type === 'appended')) this.handlers.appended();
      if (held.some((m) => m.type === 'ordered')) this.handlers.ordered();
    }
  }

  appended(seq: number): void {
    this.post({ type: 'appended', seq, schemaVersion: EVENT_SCHEMA_VERSION });
  }

  replaced(): void {
    this.post({ type: 'replaced' });
  }

  ordered(): void {
    this.post({ type: 'ordered' });
  }

  close(): void {
    this.channel.onmessage = null;
    this.channel.close();
  }

  private receive(message: TabMessage | undefined): void {
    if (!message || typeof message !== 'object') return;
    if (this.held) {
      this.held.push(message);
      return;
    }
    const version = 'schemaVersion' in message && Number.isSafeInteger(message.schemaVersion) ? message.schemaVersion : null;
    if (version !== null && version > EVENT_SCHEMA_VERSION) this.handlers.newerVersion(version);
    if (message.type === 'hello' && version !== null && version < EVENT_SCHEMA_VERSION && !message.reply) {
      this.post({ type: 'hello', schemaVersion: EVENT_SCHEMA_VERSION, reply: true });
    }
    if (message.type === 'appended') this.handlers.appended();
    if (message.type === 'replaced') this.handlers.replaced();
    if (message.type === 'ordered') this.handlers.ordered();
  }

  private post(message: TabMessage): void {
    try {
      this.channel.postMessage(message);
    } catch (error) {
      // A closed channel (page being torn down) must not break an append.
      console.error('NotePad: could not tell other tabs', error);
    }
  }
}
