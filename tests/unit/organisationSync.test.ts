import { describe, expect, it } from 'vitest';
import { readRecord } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { FakeSyncServer } from './fakeSyncServer';
import { act, device, durable, keys, newNote, settle, signIn, type Device } from './syncHarness';

/**
 * Organisation changed on two devices offline converges on what the account's order gives, the same
 * on both and in a replay of that order (docs/architecture.md "Notebooks and tags").
 */

const organisation = (notes: NotesState) => ({
  notebooks: notes.notebooks,
  notebookAliases: notes.notebookAliases,
  goneNotebooks: notes.goneNotebooks,
  filed: notes.filed,
  tags: notes.tags,
  tagged: notes.tagged,
});

/** The account's events opened and folded in server order, as a replay of them gives. */
async function replayed(server: FakeSyncServer): Promise<NotesState> {
  const opened = await server.opened();
  const events = opened.flatMap(({ serverSeq, event }) => {
    const outcome = readRecord({ ...event, seq: serverSeq });
    return outcome.kind === 'event' ? [outcome.event] : [];
  });
  return foldNotes(EMPTY_NOTES, events);
}

const notebookNamed = (d: Device, name: string) =>
  Object.entries(d.log.state.notes.notebooks).find(([, notebook]) => notebook.name === name)?.[0];

describe('notebooks and tags on two devices', () => {
  it('converge after offline changes: one notebook of one name, one tag, a note moved on both ends in one notebook, a rename racing a tagging keeps both', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'A');
    const b = await device(server, 'B');
    await signIn(a);
    await signIn(b);
    const [x, y, z] = [newNote(a, 'Kyoto'), newNote(a, 'Osaka'), newNote(a, 'Nara')];
    act(a, 'note.tagged', { id: x, tag: 'japan' });
    await durable();
    await settle(server, [a, b]);

    a.transport.online = false;
    b.transport.online = false;
    act(a, 'notebook.created', { notebook: 'nb-on-device-a', name: 'Travel', parent: null });
    act(b, 'notebook.created', { notebook: 'nb-on-device-b', name: 'travel', parent: null });
    act(a, 'notebook.created', { notebook: 'nb-work-dev-a', name: 'Work', parent: null });
    act(a, 'note.filed', { id: x, notebook: 'nb-on-device-a' });
    act(b, 'note.filed', { id: y, notebook: 'nb-on-device-b' });
    // The same note moved on both: it ends in one notebook.
    act(a, 'note.filed', { id: z, notebook: 'nb-work-dev-a' });
    act(b, 'note.filed', { id: z, notebook: 'nb-on-device-b' });
    // One tag name made on both, and a rename racing a tagging.
    act(a, 'note.tagged', { id: y, tag: 'Kansai' });
    act(b, 'note.tagged', { id: z, tag: 'kansai' });
    act(a, 'tag.renamed', { tag: 'japan', to: 'Asia/Japan' });
    act(b, 'note.tagged', { id: y, tag: 'japan' });
    await durable();
    a.transport.online = true;
    b.transport.online = true;
    await settle(server, [a, b]);

    expect(organisation(a.log.state.notes)).toEqual(organisation(b.log.state.notes));
    expect(organisation(a.log.state.notes)).toEqual(organisation(await replayed(server)));
    expect(keys(a)).toEqual(keys(b));
    const notes = a.log.state.notes;
    expect(
      Object.values(notes.notebooks)
        .map((n) => n.name.toLowerCase())
        .sort(),
    ).toEqual(['travel', 'work']);
    const travel = notebookNamed(a, 'Travel') ?? notebookNamed(a, 'travel')!;
    expect(notes.filed[x]).toBe(travel);
    expect(notes.filed[y]).toBe(travel);
    expect([travel, 'nb-work-dev-a']).toContain(notes.filed[z]);
    expect(notes.tags.kansai).toBeDefined();
    expect(notes.tagged[x]).toEqual(['asia/japan']);
    // The tagging ordered after the rename tagged the old name again; before it, the rename took it along.
    expect(notes.tagged[y]).toContain('kansai');
    expect(notes.tagged[y].some((key) => key === 'japan' || key === 'asia/japan')).toBe(true);
    expect(Object.keys(notes.meta).sort()).toEqual([x, y, z].sort());
  });
});
