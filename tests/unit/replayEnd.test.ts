import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { buildLogFile, parseLogFile, startOf } from '../../src/events/logFile';
import { inProcessLock } from '../../src/events/logLock';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import type { AppState } from '../../src/projections/notesState';
import { Replay } from '../../src/projections/replay';
import { noteBodyKey } from '../../src/projections/storageKeys';
import { NOT_READ_YET, replayStorageKeys } from '../../src/ui/replay/storageLines';
import { ChangesDevice, para, wholeHtml } from '../support/changesDevice';
import { THREE, withText } from '../support/changesFold';

/**
 * The replay view opens on the state the log already holds while it reads the events
 * (docs/product.md "Event log tools"): that state must be the replay's own last step, for what the
 * view renders (the notes list, the selected note and its body, the starred set, the keys).
 */

/** Two BroadcastChannel-like ends that deliver to each other asynchronously, as browsers do. */
function channelPair() {
  type End = { onmessage: ((ev: MessageEvent) => void) | null; postMessage(data: unknown): void; close(): void };
  const a: End = { onmessage: null, postMessage: (data) => setTimeout(() => b.onmessage?.({ data } as MessageEvent)), close() {} };
  const b: End = { onmessage: null, postMessage: (data) => setTimeout(() => a.onmessage?.({ data } as MessageEvent)), close() {} };
  return [a, b] as const;
}

const lock = inProcessLock();
const openLog = async (storage?: LogStorage, channel: ReturnType<typeof channelPair>[number] | null = null) => {
  const log = new EventLog({ storage: storage ?? (await openIndexedDbStorage()), channel, lock });
  await log.load();
  return log;
};

/** The last step of the replay view of `log`'s current log, as useReplaySource builds it. */
async function replayedEnd(log: EventLog): Promise<AppState> {
  const [events, origin] = await Promise.all([log.replayEvents(), log.serverSync.origin()]);
  const file = parseLogFile(JSON.stringify(buildLogFile(events, null, new Date(), origin ?? undefined)));
  const replay = new Replay(file.events, startOf(file));
  return replay.stateAt(replay.events.length);
}

/** What the replay view renders of a state. */
function rendered(state: AppState) {
  const { notes } = state;
  const selected = state.view.selectedId;
  const keys = replayStorageKeys(notes);
  return {
    list: notes.order.map((id) => [id, notes.meta[id].title, notes.meta[id].modified]),
    selected,
    body: selected ? notes.bodies[selected]?.html : undefined,
    starred: notes.starred,
    notebooks: notes.notebooks,
    tagged: notes.tagged,
    shares: notes.shares,
    keys: keys.keys.map((key, i) => [key, keys.value(i)]),
  };
}

const NOTE_A = '1764230400001';
const NOTE_B = '1764230400002';
const NOTE_C = '1764230400003';

/** A log of three notes with whole saves, a rename, stars, a delete and a selection. */
async function usedLog(log: EventLog): Promise<string> {
  await log.append('note.created', { id: NOTE_A, title: 'Plans' });
  const saved = await log.append('note.body-saved', {
    id: NOTE_A,
    html: wholeHtml(THREE),
    blocks: THREE,
    base: log.state.notes.revs[NOTE_A]?.id,
  });
  await log.append('note.created', { id: NOTE_B, title: 'Groceries' });
  for (const text of ['Milk', 'Milk, eggs', 'Milk, eggs, bread']) {
    const blocks = [para('g1', text)];
    await log.append('note.body-saved', { id: NOTE_B, html: wholeHtml(blocks), blocks, base: log.state.notes.revs[NOTE_B]?.id });
  }
  await log.append('note.renamed', { id: NOTE_B, title: 'Shopping' });
  await log.append('note.starred', { id: NOTE_B });
  await log.append('note.created', { id: NOTE_C, title: 'Gone soon' });
  await log.append('note.deleted', { id: NOTE_C });
  await log.append('note.selected', { id: NOTE_A });
  return saved.id;
}

/** Saves of note A as changes (docs/architecture.md "Saves as changes"), from its body at `start`. */
async function savedAsChanges(log: EventLog, start: string): Promise<void> {
  const device = new ChangesDevice('', NOTE_A, THREE, start);
  await log.appendEvent({ ...device.save(withText(THREE, 1, 'Second paragraph, changed.')), seq: 0 });
  await log.appendEvent({ ...device.save([...device.shown, para('b4', 'A fourth one.')], 'Plans for Monday'), seq: 0 });
}

beforeAll(async () => {
  await loadChainEngine();
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the replay end the log holds', () => {
  it('is the replay’s last step for a local log with whole saves and saves as changes', async () => {
    const log = await openLog();
    await savedAsChanges(log, await usedLog(log));
    const end = log.replayEnd();
    expect(end).not.toBeNull();
    expect(rendered(end!).body).toContain('Second paragraph, changed.');
    expect(rendered(end!).list.map(([, title]) => title)).toEqual(['Shopping', 'Plans for Monday']);
    expect(rendered(await replayedEnd(log))).toEqual(rendered(end!));
    await log.close();
  });

  it('is the replay’s last step after a compaction, and at the next start from its snapshot', async () => {
    const storage = await openIndexedDbStorage();
    const log = await openLog(storage);
    await savedAsChanges(log, await usedLog(log));
    expect(await log.compact(new Date('2030-01-01'), { retentionMs: 0, keepRevisionsPerNote: 1 })).toBeGreaterThan(0);
    expect(rendered(await replayedEnd(log))).toEqual(rendered(log.replayEnd()!));
    await log.close();

    const again = await openLog(await openIndexedDbStorage());
    // The start holds the bodies of the notes it did not show without their HTML ("Documents by reference"):
    // the end is shown at once, the selected note whole, the `note_{id}` lines of the others saying they are
    // read with the log's events.
    const early = again.replayEnd();
    expect(early?.view.selectedId).toBe(NOTE_A);
    const last = rendered(await replayedEnd(again));
    const shown = rendered(early!);
    expect(shown.body).toBe(last.body);
    expect(shown.list).toEqual(last.list);
    expect(shown.keys.filter(([, value]) => value === NOT_READ_YET).map(([key]) => key)).toEqual([noteBodyKey(NOTE_B)]);
    shown.keys.forEach(([key, value], i) => {
      if (value !== NOT_READ_YET) expect([key, value]).toEqual(last.keys[i]);
    });
    // A note selected before it is read is not shown from this state: the replay reads the log instead.
    await again.append('note.selected', { id: NOTE_B });
    expect(again.replayEnd()).toBeNull();
    await again.readNotes(null);
    const end = again.replayEnd();
    expect(end?.view.selectedId).toBe(NOTE_B);
    expect(rendered(await replayedEnd(again))).toEqual(rendered(end!));
    await again.close();
  });

  it('leaves out the events not durable yet, as the replay’s read does', async () => {
    const log = await openLog();
    await usedLog(log);
    const before = log.replayEnd();
    const pending = log.append('note.renamed', { id: NOTE_A, title: 'Not durable yet' });
    expect(log.state.notes.meta[NOTE_A].title).toBe('Not durable yet');
    expect(log.replayEnd()?.notes.meta[NOTE_A].title).toBe('Plans');
    expect(log.replayEnd()).toBe(before);
    await pending;
    expect(log.replayEnd()?.notes.meta[NOTE_A].title).toBe('Not durable yet');
    await log.close();
  });

  it('is not given before the log is loaded, nor when no note is selected among notes', async () => {
    const storage = await openIndexedDbStorage();
    const unloaded = new EventLog({ storage, lock });
    expect(unloaded.replayEnd()).toBeNull();
    await unloaded.load();
    expect(unloaded.replayEnd()?.notes.order).toEqual([]);
    await unloaded.append('note.created', { id: NOTE_A, title: 'Plans' });
    expect(unloaded.replayEnd()?.view.selectedId).toBe(NOTE_A);
    await unloaded.append('note.selected', { id: null });
    expect(unloaded.replayEnd()).toBeNull();
    await unloaded.close();
  });

  it('is not given once another tab moved the view, which this tab’s view does not follow', async () => {
    const [one, two] = channelPair();
    const tab = await openLog(await openIndexedDbStorage(), one);
    await usedLog(tab);
    const other = await openLog(await openIndexedDbStorage(), two);
    expect(tab.replayEnd()).not.toBeNull();
    await other.append('note.selected', { id: NOTE_B });
    await expect.poll(() => tab.state.seq).toBe(other.state.seq);
    expect(tab.state.view.selectedId).toBe(NOTE_A);
    expect((await replayedEnd(tab)).view.selectedId).toBe(NOTE_B);
    expect(tab.replayEnd()).toBeNull();
    // The other tab's own view follows the log: it still opens at once.
    expect(rendered(other.replayEnd()!)).toEqual(rendered(await replayedEnd(other)));
    await Promise.all([tab.close(), other.close()]);
  });

  it('is not given after the log was replaced by an import', async () => {
    const log = await openLog();
    await usedLog(log);
    const exported = buildLogFile(await log.replayEvents(), null, new Date());
    await log.replaceWith(parseLogFile(JSON.stringify(exported)));
    expect(log.replayEnd()).toBeNull();
    await log.close();
  });
});
