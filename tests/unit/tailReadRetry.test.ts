import { describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import type { LogStorage } from '../../src/events/logStorage';

/**
 * A read of the log's tail that fails (docs/architecture.md "IndexedDB log"): another tab's events
 * are in storage, and this tab must neither drop them until some later message nor fail silently.
 */

/** Two BroadcastChannel-like ends that deliver to each other asynchronously, as browsers do. */
function channelPair() {
  type End = { onmessage: ((ev: MessageEvent) => void) | null; postMessage(data: unknown): void; close(): void };
  const a: End = { onmessage: null, postMessage: (data) => setTimeout(() => b.onmessage?.({ data } as MessageEvent)), close() {} };
  const b: End = { onmessage: null, postMessage: (data) => setTimeout(() => a.onmessage?.({ data } as MessageEvent)), close() {} };
  return [a, b] as const;
}

/** `storage` whose reads of the tail fail `failures` times once `failNext` is called. */
function flaky(storage: LogStorage) {
  let failures = 0;
  const readAfter: LogStorage['readAfter'] = (afterSeq, options) => {
    if (failures > 0) {
      failures -= 1;
      return Promise.reject(new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError'));
    }
    return storage.readAfter(afterSeq, options);
  };
  return { storage: { ...storage, readAfter }, failNext: (count: number) => (failures = count) };
}

describe('reading the tail of the log', () => {
  it("reads another tab's events again after a failed read, without waiting for another message, and reports the failure meanwhile", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const shared = createMemoryLogStorage();
    const [endA, endB] = channelPair();
    const reader = flaky(shared);
    const tabA = new EventLog({ storage: reader.storage, channel: endA });
    const tabB = new EventLog({ storage: shared, channel: endB });
    await Promise.all([tabA.load(), tabB.load()]);
    const reported: (string | null)[] = [];
    tabA.status$.subscribe(({ readError }) => reported.at(-1) !== (readError?.name ?? null) && reported.push(readError?.name ?? null));

    reader.failNext(2);
    await tabB.append('note.created', { id: '1', title: 'From tab B' });
    await vi.waitFor(() => expect(tabA.status$.value.readError?.name).toBe('UnknownError'));
    expect(tabA.state.notes.order).toEqual([]);
    // No other message comes: tab A reads again by itself.
    await vi.waitFor(() => expect(tabA.state.notes.order).toEqual(['1']), { timeout: 5000 });
    expect(tabA.status$.value.readError).toBeNull();
    expect(reported).toEqual([null, 'UnknownError', null]);
    await tabA.close();
    await tabB.close();
  });

  it('reads again later and later while reads keep failing, and not at all once the log is closed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    try {
      const reader = flaky(createMemoryLogStorage());
      const log = new EventLog({ storage: reader.storage, channel: null });
      await log.load();
      const reads = vi.spyOn(reader.storage, 'readAfter');
      reader.failNext(4);
      await log.catchUp();
      expect(reads).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(500);
      expect(reads).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reads).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(reads).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(reads).toHaveBeenCalledTimes(4);
      expect(log.status$.value.readError).not.toBeNull();
      await log.close();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
