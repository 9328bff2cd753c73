import { BehaviorSubject } from 'rxjs';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import type { QuarantineRecord } from './logRecords';

/** What the log reports about its health, for the UI's notices. */
export interface LogStatus {
  loaded: boolean;
  /** Records set aside at this start (reported once). */
  quarantinedNow: QuarantineRecord[];
  /** The last durable write failed; pending events are kept in memory and retried. */
  writeError: Error | null;
  /**
   * The last read of the log's tail (what other tabs, or this one, made durable) failed: the tab
   * shows the log up to the last event it read, and reads again by itself until a read works.
   */
  readError: Error | null;
  /**
   * A newer build's schema version met in the log or on the tab channel: this build has stopped
   * writing (docs/architecture.md "Versions and tabs"); null while it may write.
   */
  newerVersion: number | null;
}

/**
 * The one owner of the log's `LogStatus`: the log's parts report what they met here, and
 * `writable` (no newer build met) is read from it.
 */
export class LogHealth {
  /** The status as last reported; each report publishes a new object. */
  readonly status$ = new BehaviorSubject<LogStatus>({
    loaded: false,
    quarantinedNow: [],
    writeError: null,
    readError: null,
    newerVersion: null,
  });

  /** Whether this build may write: false once a newer schema version was met. */
  get writable(): boolean {
    return this.status$.value.newerVersion === null;
  }

  /** The log finished loading: appends may begin. */
  loaded(): void {
    this.report({ loaded: true });
  }

  /** Records were set aside (quarantined) at this start. */
  quarantined(records: QuarantineRecord[]): void {
    this.report({ quarantinedNow: [...this.status$.value.quarantinedNow, ...records] });
  }

  /** The outcome of the last durable write (null: it worked). */
  wrote(writeError: Error | null): void {
    if (writeError || this.status$.value.writeError) this.report({ writeError });
  }

  /** The outcome of the last read of the tail (null: it worked). */
  read(readError: Error | null): void {
    if (readError || this.status$.value.readError) this.report({ readError });
  }

  /**
   * A newer build (schema `version`) writes to this log: stop writing. Queued events stay pending,
   * so they are shown and go to the page-hide journal for the newer build.
   */
  meetNewerVersion(version: number): void {
    if (version <= EVENT_SCHEMA_VERSION) return;
    const current = this.status$.value.newerVersion;
    if (current !== null && current >= version) return;
    this.report({ newerVersion: version });
  }

  private report(change: Partial<LogStatus>): void {
    this.status$.next({ ...this.status$.value, ...change });
  }
}
