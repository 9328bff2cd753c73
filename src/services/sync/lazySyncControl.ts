import type { EventLog } from '../../events/eventLog';
import type { SyncControl } from './syncControl';

/**
 * A log's sync control, loaded on first use: sync's code is not part of the first load
 * (docs/architecture.md "Sync").
 */
export interface SyncControlLoader {
  /**
   * The log's one sync control, loading sync's code on the first call; later calls return the same
   * promise. Rejects when the code could not be loaded; the next call then tries again.
   */
  load(): Promise<SyncControl>;
}

/** The loader of `log`'s sync control: made once per log at start-up, so the log has one sync control. */
export function lazySyncControl(log: EventLog): SyncControlLoader {
  let control: Promise<SyncControl> | null = null;
  return {
    load: () =>
      (control ??= import('./syncControl').then(
        (m) => m.createSyncControl(log),
        (error: unknown) => {
          control = null;
          throw error;
        },
      )),
  };
}
