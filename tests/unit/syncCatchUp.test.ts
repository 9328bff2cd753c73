import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from './fakeSyncServer';
import { device, durable, keys, newNote, save, settle, signIn } from './syncHarness';

/**
 * A device that was offline while the host dropped events a checkpoint covers (docs/architecture.md
 * "Sync", catching up; docs/sync.md "pull" answering 410): it starts again from the checkpoint, its
 * own offline edits on top, and ends with the same notes as the other device, nothing lost or doubled.
 */
describe('catching up after the host dropped events', () => {
  it('folds again from the checkpoint, keeps the offline edits, and agrees with the other device', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'catch-a');
    const b = await device(server, 'catch-b');
    await signIn(a);
    await signIn(b);
    const shared = newNote(a, 'Shared');
    await durable();
    await settle(server, [a, b]);
    expect(keys(b)[`note_${shared}`]).toBeDefined();

    b.transport.online = false;
    const mine = newNote(b, 'Written offline');
    save(b, mine, '<p>typed on the train</p>');
    await durable();
    // Enough on A for a checkpoint (every 20 server events in the harness), which the host then uses to drop what it covers.
    for (let i = 0; i < 30; i++) save(a, shared, `<p>revision ${i}</p>`);
    const later = newNote(a, 'Made while B was away');
    await durable();
    await settle(server, [a]);
    const checkpoint = server.checkpointStored!;
    expect(checkpoint.serverSeq).toBeGreaterThan(20);
    server.drop(checkpoint.serverSeq);
    const kept = server.events.length;

    b.transport.online = true;
    await settle(server, [a, b]);
    expect(b.engine!.status$.value).toMatchObject({ state: 'synced', pending: 0 });
    expect(keys(b)).toEqual(keys(a));
    expect(keys(b)[`note_${shared}`]).toBe('<p>revision 29</p>');
    expect(keys(b)[`note_${later}`]).toBeDefined();
    expect(keys(a)[`note_${mine}`]).toBe('<p>typed on the train</p>');
    // B's offline events reached the host once each, after the dropped part.
    const opened = await server.opened();
    expect(opened.filter((e) => e.event.payload?.id === mine && e.event.type === 'note.created')).toHaveLength(1);
    expect(server.events.length).toBeGreaterThan(kept);
  });

  it('says so and changes nothing when the host dropped events but has no checkpoint beyond this device', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'lost-a');
    const b = await device(server, 'lost-b');
    await signIn(a);
    await signIn(b);
    b.transport.online = false;
    const id = newNote(a, 'Only on A');
    await durable();
    await settle(server, [a]);
    const before = keys(b);
    server.drop(server.head);
    b.transport.online = true;
    await b.engine!.request();
    expect(b.engine!.status$.value?.message).toMatch(/replaced by a checkpoint this device cannot read/);
    expect(keys(b)).toEqual(before);
    expect(keys(b)[`note_${id}`]).toBeUndefined();
  });

  it('goes on syncing when the host refuses a checkpoint, and does not send it again at every sync', async () => {
    const server = new FakeSyncServer();
    const a = await device(server, 'refused-a');
    await signIn(a);
    a.transport.failCheckpointsWith = 403;
    const id = newNote(a, 'Many saves');
    for (let i = 0; i < 30; i++) save(a, id, `<p>save ${i}</p>`);
    await durable();
    await settle(server, [a]);
    expect(server.checkpointStored).toBeNull();
    expect(a.engine!.status$.value).toMatchObject({ state: 'synced', pending: 0 });
    a.transport.failCheckpointsWith = null;
    save(a, id, '<p>one more</p>');
    await durable();
    await settle(server, [a]);
    expect(server.checkpointStored).toBeNull();
  });
});
