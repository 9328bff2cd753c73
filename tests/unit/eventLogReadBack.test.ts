import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import type { LogStorage } from '../../src/events/logStorage';
import type { AppEvent } from '../../catalog';
import { holdWritesDuringFold } from '../support/heldWrites';

/** A storage whose reads are counted. */
function countingStorage(storage: LogStorage = createMemoryLogStorage()) {
  const reads: number[] = [];
  const readAfter = storage.readAfter.bind(storage);
  return { storage: { ...storage, readAfter: (after: number) => (reads.push(after), readAfter(after)) }, reads };
}

async function openLog(storage: LogStorage) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

describe('event log confirms its own writes', () => {
  it('does not read just-written events back from storage', async () => {
    const { storage, reads } = countingStorage();
    const log = await openLog(storage);
    reads.length = 0;
    const seen: AppEvent[] = [];
    log.events$.subscribe((e) => seen.push(e));
    const blocks = [{ type: 'paragraph', content: [{ type: 'text', text: 'big', styles: {} }] }];
    await log.append('note.created', { id: '1', title: 'a' });
    const saved = await log.append('note.body-saved', { id: '1', html: '<p>big</p>', blocks });
    expect(reads).toEqual([]);
    expect(saved.seq).toBe(2);
    expect(log.pendingEvents()).toEqual([]);
    expect(log.state.seq).toBe(2);
    expect(log.state.notes.bodies['1']).toEqual({ html: '<p>big</p>', blocks });
    expect(seen.map((e) => [e.type, e.seq])).toEqual([
      ['note.created', 1],
      ['note.body-saved', 2],
    ]);
  });

  it("reads the tail from storage when another tab's events lie between, and keeps this tab's view", async () => {
    const shared = createMemoryLogStorage();
    const { storage, reads } = countingStorage(shared);
    const tabA = await openLog(storage);
    const tabB = await openLog(shared); // no channel: tab A hears of B's event only through the seq gap
    await tabA.append('note.created', { id: '1', title: 'a' });
    await tabB.append('note.created', { id: '2', title: 'b' }); // seq 2, selects note 2 in tab B
    reads.length = 0;
    await tabA.append('note.renamed', { id: '1', title: 'a2' }); // seq 3: a gap after tab A's seq 1
    expect(reads).toEqual([1]);
    expect(tabA.state.seq).toBe(3);
    expect(tabA.state.notes.order).toEqual(['2', '1']);
    expect(tabA.state.notes.meta['1'].title).toBe('a2');
    expect(tabA.state.view.selectedId).toBe('1');
    expect(tabA.pendingEvents()).toEqual([]);
  });

  it('shows its own edit once when it is written while the tab folds the stored log again, before it hears the write ended', async () => {
    const storage = createMemoryLogStorage();
    const log = await openLog(storage);
    // The fold again (another tab imported a log, say) folds the edit, stored before its write reports back.
    const { release } = holdWritesDuringFold(storage);
    const reloading = log.reload();
    const appended = log.append('note.created', { id: '1764000000014', title: 'Written during a fold again' });
    await reloading;
    expect(log.state.notes.order).toEqual(['1764000000014']);
    release();
    await appended;
    expect(log.state.notes.order).toEqual(['1764000000014']);
    expect(log.pendingEvents()).toEqual([]);
  });

  it('folds the same state as a log that reads everything back', async () => {
    const shared = createMemoryLogStorage();
    const log = await openLog(shared);
    for (let i = 1; i <= 20; i++) {
      void log.append('note.created', { id: String(i), title: `n${i}` });
      if (i % 3 === 0) void log.append('note.body-saved', { id: String(i - 1), html: `<p>${i}</p>` });
      if (i % 5 === 0) await log.append('note.starred', { id: String(i) });
    }
    await log.append('note.deleted', { id: '4' });
    const reopened = await openLog(shared);
    expect(log.state).toEqual(reopened.state);
  });
});
