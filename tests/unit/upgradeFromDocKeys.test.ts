// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { LOG_DB_NAME, openLogDatabase } from '../../src/events/logDatabase';
import type { DocumentRecord, SnapshotPart } from '../../src/events/logRecords';
import { openIndexedDbStorage } from '../../src/events/logStorage';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { noteRevisions } from '../../src/projections/history';
import { PENDING_BODY } from '../../src/projections/pendingBodies';
import { bodyLinkTargets } from '../../src/projections/noteLinks/linkIndex';
import { domNoteLinks } from '../../src/projections/noteLinks/domNoteLinks';
import { DocumentNotRead, NO_FILTER, bodyBlocks, bodyHtml, type NotesState, type UnreadBody } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { watchedStorage } from '../support/watchedStorage';

/**
 * An update must keep a library whole and as fast to open (docs/architecture.md "Documents by
 * reference"): the stores the build before left, with snapshots whose parts hold `{ html, docKey }`
 * and records without HTML (tests/unit/fixtures/library-docKeys.json, made by running that build),
 * open in this build with every note and its history; the next snapshot holds only keys and links
 * in its parts and the HTML in the records, and reads back the same.
 */

interface StoreDump {
  key: IDBValidKey;
  value: unknown;
}
const fixture = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures/library-docKeys.json'), 'utf8')) as {
  dbVersion: number;
  events: StoreDump[];
  snapshots: StoreDump[];
  snapshotBodies: StoreDump[];
  documents: StoreDump[];
  expected: { keys: Record<string, string>; view: Record<string, unknown>; history: Record<string, [string, string, string][]> };
};

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** Put the old build's records back, as they were, under their keys (same database version). */
async function restoreOldStores(): Promise<void> {
  expect(fixture.dbVersion).toBe(4);
  const db = await openLogDatabase(() => {});
  const tx = db.transaction(['events', 'snapshots', 'snapshotBodies', 'documents'], 'readwrite');
  for (const { value } of fixture.events) await tx.objectStore('events').put(value as never);
  for (const { value } of fixture.snapshots) await tx.objectStore('snapshots').put(value as never);
  for (const { key, value } of fixture.snapshotBodies) await tx.objectStore('snapshotBodies').put(value as never, key as never);
  for (const { key, value } of fixture.documents) await tx.objectStore('documents').put(value as DocumentRecord, key as string);
  await tx.done;
  db.close();
}

async function expectAsTheBuildBefore(log: EventLog): Promise<void> {
  await log.readNotes(null);
  expect(toStorageKeys(log.state.notes)).toEqual(fixture.expected.keys);
  expect(log.state.view).toEqual({ ...fixture.expected.view, filter: NO_FILTER });
  for (const [id, history] of Object.entries(fixture.expected.history)) {
    const revisions = noteRevisions(id, await log.noteEvents(id), log.state.notes);
    expect(revisions.map((r) => [r.kind, r.title, r.html])).toEqual(history);
  }
}

/** The newest snapshot's part bodies and the document records, as stored. */
async function storedNewest(): Promise<{
  bodies: Record<string, SnapshotPart['state'][string]>;
  records: Map<string, DocumentRecord>;
  form: unknown;
}> {
  const db = await openDB(LOG_DB_NAME);
  const newest = Math.max(...((await db.getAllKeys('snapshots')) as number[]));
  const record = (await db.get('snapshots', newest)) as { bodyForm?: unknown };
  const parts = (await db.getAll('snapshotBodies', IDBKeyRange.bound([newest, 0], [newest, Infinity]))) as SnapshotPart[];
  const keys = (await db.getAllKeys('documents')) as string[];
  const values = (await db.getAll('documents')) as DocumentRecord[];
  db.close();
  const bodies = Object.assign({}, ...parts.map((part) => part.state)) as Record<string, SnapshotPart['state'][string]>;
  return { bodies, records: new Map(keys.map((key, i) => [key, values[i]])), form: record.bodyForm };
}

describe('a library written by the build before HTML went into the document records', () => {
  it('opens from its snapshot, reading no event before it, with every note, its keys and its history as that build showed them', async () => {
    await restoreOldStores();
    const snapshotSeq = Math.max(...fixture.snapshots.map((s) => Number(s.key)));
    const { storage, readsAfter } = await watchedStorage();
    const log = new EventLog({ storage });
    await log.load();
    expect(readsAfter).toEqual([snapshotSeq]);
    // Its bodies hold their HTML beside the key, as that build kept them: nothing reads a record for it.
    for (const id of log.state.notes.order) expect(typeof log.state.notes.bodies[id].html).toBe('string');
    await expectAsTheBuildBefore(log);
    await log.close();
  });

  it('its head (the state as objects, as that build stored it) shows the list before the bodies, with the notes the load then holds', async () => {
    await restoreOldStores();
    const head = fixture.snapshots.find((s) => Number(s.key) < 0)?.value as object;
    expect(head).toHaveProperty('state');
    const { storage, readsAfter } = await watchedStorage();
    const log = new EventLog({ storage });
    expect(await log.preview()).toBe(true);
    const shown = log.state.notes;
    expect(shown.order.length).toBeGreaterThan(0);
    // Bodies saved after the snapshot are the tail's; the others wait for the load.
    expect(shown.order.filter((id) => shown.bodies[id] === PENDING_BODY).length).toBeGreaterThan(0);
    await log.load();
    expect(readsAfter).toEqual([Math.max(...fixture.snapshots.map((s) => Number(s.key)))]);
    expect(log.state.notes.order).toEqual(shown.order);
    expect(log.state.notes.meta).toEqual(shown.meta);
    await expectAsTheBuildBefore(log);
    await log.close();
  });

  it('its next snapshot holds keys and links in its parts and the HTML in every record, and a start from it holds no HTML until read', async () => {
    await restoreOldStores();
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    const before: NotesState = log.state.notes;
    const html = Object.fromEntries(before.order.map((id) => [id, bodyHtml(before.bodies[id])]));
    await log.writeSnapshot();
    await log.readNotes(null);
    const blocks = Object.fromEntries(before.order.map((id) => [id, bodyBlocks(log.state.notes.bodies[id])]));
    await log.close();

    const { bodies, records, form } = await storedNewest();
    expect(form).toBe('docRefs');
    expect(Object.keys(bodies).sort()).toEqual([...before.order].sort());
    for (const [id, body] of Object.entries(bodies)) {
      expect(body.html).toBeUndefined();
      expect(records.get(body.docKey!)?.html).toBe(html[id]);
    }
    // The imported note links to Ideas: its snapshot part says so, so the link index needs no HTML.
    const [linking] = before.order.filter((id) => bodyLinkTargets(before.bodies[id], domNoteLinks()).length > 0);
    expect((bodies[linking] as UnreadBody).links).toEqual(bodyLinkTargets(before.bodies[linking], domNoteLinks()));

    const next = new EventLog({ storage: await openIndexedDbStorage(null) });
    await next.load();
    const selected = next.state.view.selectedId;
    const unread = next.state.notes.order.filter((id) => id !== selected);
    expect(unread.length).toBeGreaterThan(0);
    for (const id of unread) {
      const body = next.state.notes.bodies[id];
      expect(body.html).toBeUndefined();
      expect(() => bodyHtml(body)).toThrow(DocumentNotRead);
      expect(() => bodyBlocks(body)).toThrow(DocumentNotRead);
    }
    // Read by note, without putting anything into the state.
    const state = next.state.notes;
    const read = await next.readHtml(unread.map((id) => state.bodies[id]));
    for (const id of unread) expect(read.get(state.bodies[id])).toBe(html[id]);
    expect(next.state.notes).toBe(state);
    await expectAsTheBuildBefore(next);
    for (const id of before.order) expect(bodyBlocks(next.state.notes.bodies[id])).toEqual(blocks[id]);
    await next.close();
  });

  it('a record the build before wrote gains the HTML in place, so its own snapshot, still kept, reads the same', async () => {
    await restoreOldStores();
    const log = new EventLog({ storage: await openIndexedDbStorage(null) });
    await log.load();
    await log.writeSnapshot();
    await log.close();
    const storage = await openIndexedDbStorage(null);
    const db = await openDB(LOG_DB_NAME);
    // Drop this build's snapshot: the start takes the old one, whose parts hold { html, docKey }.
    const newest = Math.max(...((await db.getAllKeys('snapshots')) as number[]));
    const oldSeq = Math.max(...fixture.snapshots.map((s) => Number(s.key)));
    if (newest !== oldSeq) await db.delete('snapshots', newest);
    db.close();
    const old = new EventLog({ storage });
    await old.load();
    await expectAsTheBuildBefore(old);
    await old.close();
  });
});
