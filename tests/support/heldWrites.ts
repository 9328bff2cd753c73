import type { LogStorage } from '../../src/events/logStorage';

/**
 * Make `storage` store each append at once but report it written only after `release()`, and make the next
 * fold of the stored log (its `epoch` read, at the start of `EventLog.reload`) wait until an append is
 * stored: that fold reads this tab's edit from storage before the tab hears its write ended
 * (docs/architecture.md "Sync", a fold of the stored log). Patches `storage` in place.
 */
export function holdWritesDuringFold(storage: LogStorage): { release(): void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let stored = () => {};
  const durable = new Promise<void>((resolve) => (stored = resolve));
  const append = storage.append.bind(storage);
  storage.append = async (events) => {
    const written = await append(events);
    stored();
    await held;
    return written;
  };
  const epoch = storage.epoch.bind(storage);
  storage.epoch = async () => {
    await durable;
    return epoch();
  };
  return { release };
}
