import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { foldNotes } from '../../src/projections/foldNotes';
import { foldApp } from '../../src/projections/foldApp';
import { noteRevisions } from '../../src/projections/history';
import { planUndo } from '../../src/projections/imports';
import { EMPTY_NOTES, INITIAL_STATE } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { FakeSyncServer } from './fakeSyncServer';
import { act, device, durable, keys, settle, signIn } from './syncHarness';
import { ev } from './helpers';

const ID = '1764000000000';
const imported = (title: string, html: string) => ({
  id: ID,
  title,
  modified: '2019-01-01T00:00:00.000Z',
  html,
  starred: false,
  source: 'evernote',
});

describe('note identity: two notes made under one id', () => {
  it('keeps both notes of a crafted log, the second under the next free id, and sends each note’s events to it by ref', () => {
    const first = ev('note.created', { id: ID, title: 'Untitled Note' });
    const second = ev('note.created', { id: ID, title: 'Untitled Note' });
    const notes = foldNotes(EMPTY_NOTES, [
      first,
      second,
      ev('note.renamed', { id: ID, ref: first.id, title: 'From device A' }),
      ev('note.renamed', { id: ID, ref: second.id, title: 'From device B' }),
      ev('note.body-saved', { id: ID, ref: second.id, html: '<p>B’s text</p>', base: second.id }),
      ev('note.tagged', { id: ID, ref: second.id, tag: 'b' }),
    ]);
    const next = String(Number(ID) + 1);
    expect(notes.order.sort()).toEqual([ID, next]);
    expect(notes.meta[ID].title).toBe('From device A');
    expect(notes.meta[next].title).toBe('From device B');
    expect(notes.bodies[next].html).toBe('<p>B’s text</p>');
    expect(notes.bodies[ID].html).toBe('');
    expect(notes.tagged).toEqual({ [next]: ['b'] });
    expect(notes.remaps).toEqual({ [second.id]: next });
  });

  it('skips ids that are taken, deleted ones too, and selects the note where it went', () => {
    const state = foldApp(INITIAL_STATE, [
      ev('note.created', { id: ID, title: 'a' }),
      ev('note.created', { id: String(Number(ID) + 1), title: 'b' }),
      ev('note.deleted', { id: String(Number(ID) + 1) }),
      ev('note.created', { id: ID, title: 'c' }),
    ]);
    expect(state.notes.meta[String(Number(ID) + 2)].title).toBe('c');
    expect(state.view.selectedId).toBe(String(Number(ID) + 2));
  });

  it('brings one export imported on two devices once, and a different note under the same id as a note of its own', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.imported', imported('Kyoto', '<p>temples</p>')),
      ev('note.imported', imported('Kyoto', '<p>temples</p>')),
      ev('note.imported', imported('Osaka', '<p>castle</p>')),
      ev('note.imported', { ...imported('Legacy', '<p>x</p>'), source: 'localStorage' }),
    ]);
    expect(notes.order.map((id) => notes.meta[id].title)).toEqual(['Kyoto', 'Osaka']);
  });

  it('lists the history of a note whose id had to change, with the events its device made before it knew', () => {
    const first = ev('note.created', { id: ID, title: 'A' });
    const second = ev('note.created', { id: ID, title: 'B' });
    const events = [
      first,
      second,
      ev('note.body-saved', { id: ID, ref: second.id, html: '<p>b1</p>', base: second.id }),
      ev('note.body-saved', { id: ID, ref: first.id, html: '<p>a1</p>', base: first.id }),
    ];
    const notes = foldNotes(EMPTY_NOTES, events);
    const next = String(Number(ID) + 1);
    expect(noteRevisions(next, events, notes).map((r) => [r.kind, r.html])).toEqual([
      ['saved', '<p>b1</p>'],
      ['created', ''],
    ]);
    expect(noteRevisions(ID, events, notes).map((r) => [r.kind, r.html])).toEqual([
      ['saved', '<p>a1</p>'],
      ['created', ''],
    ]);
  });

  it('Undo of an import removes its note where it went, never the other note under its id', () => {
    const other = ev('note.imported', imported('Osaka', '<p>castle</p>'));
    const mine = ev('note.imported', imported('Kyoto', '<p>temples</p>'));
    const notes = foldNotes(EMPTY_NOTES, [other, mine]);
    const summary = {
      importId: 'imp-1',
      at: mine.at,
      notes: [[ID, '2019-01-01T00:00:00.000Z', mine.id]] as [string, string, string][],
      notebooks: [],
      files: [],
      finished: true,
      cancelled: false,
      undone: null,
    };
    expect(planUndo(summary, notes)).toEqual({ remove: [String(Number(ID) + 1)], kept: [], notebooks: [] });
  });

  it('names the making event as ref on every event about a note the log appends', async () => {
    const log = new EventLog({ storage: createMemoryLogStorage() });
    await log.load();
    const made = await log.append('note.created', { id: ID, title: 'x' });
    const renamed = await log.append('note.renamed', { id: ID, title: 'y' });
    const filed = await log.append('note.filed', { id: ID, notebook: null });
    expect(renamed.payload).toEqual({ id: ID, title: 'y', ref: made.id });
    expect(filed.payload).toEqual({ id: ID, notebook: null, ref: made.id });
    expect((await log.noteEvents(ID)).map((e) => e.type)).toEqual(['note.created', 'note.renamed', 'note.filed']);
  });

  it('two devices that each make a note in the same millisecond before they sync both show both notes, each edit on its note', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'A');
    const b = await device(server, 'B');
    await signIn(a);
    await signIn(b);
    a.transport.online = false;
    b.transport.online = false;
    act(a, 'note.created', { id: ID, title: 'Untitled Note' });
    act(b, 'note.created', { id: ID, title: 'Untitled Note' });
    await durable();
    act(a, 'note.renamed', { id: ID, title: 'Groceries' });
    act(b, 'note.renamed', { id: ID, title: 'Packing list' });
    act(b, 'note.body-saved', { id: ID, html: '<p>passport</p>', base: b.log.state.notes.revs[ID].id });
    await durable();
    a.transport.online = true;
    b.transport.online = true;
    await settle(server, [a, b]);
    const titles = (notes: typeof a.log.state.notes) => notes.order.map((id) => notes.meta[id].title).sort();
    expect(titles(a.log.state.notes)).toEqual(['Groceries', 'Packing list']);
    expect(keys(a)).toEqual(keys(b));
    // After both know: B edits its own note (now under the next id) and A's, each lands on its note.
    const bNote = b.log.state.notes.order.find((id) => b.log.state.notes.meta[id].title === 'Packing list')!;
    const aNote = b.log.state.notes.order.find((id) => b.log.state.notes.meta[id].title === 'Groceries')!;
    act(b, 'note.renamed', { id: bNote, title: 'Packing list for Sunday' });
    act(b, 'note.renamed', { id: aNote, title: 'Groceries for Sunday' });
    await durable();
    await settle(server, [a, b]);
    expect(titles(a.log.state.notes)).toEqual(['Groceries for Sunday', 'Packing list for Sunday']);
    expect(a.log.state.notes.bodies[bNote].html).toBe('<p>passport</p>');
    expect(keys(a)).toEqual(keys(b));
    expect(toStorageKeys(a.log.state.notes)[`note_${bNote}`]).toBe('<p>passport</p>');
  });
});
