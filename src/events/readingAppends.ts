import type { AppEvent } from '../../catalog';

/** Tries at reading an append's documents before it is held back with its error (each try may fold again). */
const READ_TRIES = 3;

/**
 * Appends that wait for a read of documents (docs/architecture.md "Snapshots", "Appends on an unread
 * note"): a `note.changed` on a note whose document is not read (a reload left it unread) waits for
 * the log to read it, then is applied and written; every append made meanwhile waits behind it, so
 * events are applied and written in the order they were appended. Nothing is dropped: while an
 * append waits its events count as pending (the page-hide journal keeps them), and when its read
 * still fails after READ_TRIES they stay so, and its promise rejects.
 */
export class ReadingAppends {
  /** Resolves once the last append waiting has been applied (or held back); null while none waits. */
  private last: Promise<void> | null = null;
  /** The events of every append still waiting, in append order. */
  private held: AppEvent[][] = [];

  /** Whether an append waits: every later one then waits behind it. */
  get waiting(): boolean {
    return this.last !== null;
  }

  /** The events of the appends waiting, and of those held back after their read failed (for `EventLog.pendingEvents`). */
  events(): AppEvent[] {
    return this.held.flat();
  }

  /**
   * Apply `events` once every append queued before has been applied and `unread()` is false (`read`
   * reads what it names; a reload meanwhile may leave it unread again, so it is asked again, up to
   * READ_TRIES reads): `apply` applies and writes them synchronously, resolving with them as stored.
   * Resolves as `apply`'s promise; rejects with the read's error (the events then stay held).
   */
  queue(events: AppEvent[], unread: () => boolean, read: () => Promise<void>, apply: () => Promise<AppEvent[]>): Promise<AppEvent[]> {
    this.held.push(events);
    let written!: Promise<AppEvent[]>;
    const turn = (this.last ?? Promise.resolve()).then(async () => {
      try {
        await readUntilRead(unread, read);
      } catch (error) {
        console.error("NotePad: an append waits: its note's document could not be read", error);
        written = Promise.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.held = this.held.filter((held) => held !== events);
      written = apply();
    });
    const done = turn.then(() => {
      if (this.last === done) this.last = null;
    });
    this.last = done;
    return turn.then(() => written);
  }

  /** Resolves once every append waiting now has been applied (or held back). */
  async settled(): Promise<void> {
    while (this.last) await this.last;
  }
}

/** Call `read` until `unread()` is false (checked in the same task as the apply that follows); @throws its last error after READ_TRIES. */
async function readUntilRead(unread: () => boolean, read: () => Promise<void>): Promise<void> {
  let error: Error | null = null;
  for (let tries = 0; unread(); tries++) {
    if (tries >= READ_TRIES) throw error ?? new Error('The documents of an append could not be read');
    try {
      await read();
    } catch (failed) {
      error = failed instanceof Error ? failed : new Error(String(failed));
    }
  }
}
