// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { appShellMachine } from '../../src/machines/appShell';
import { JOURNAL_KEY } from '../../src/services/webStorage';
import { beginStartup } from '../../src/services/startup';
import { startMirrorAfterLegacyImport } from '../../src/services/mirrorStart';
import { NOTES_KEY, noteBodyKey } from '../../src/projections/storageKeys';
import { MemoryWebStorage } from './memoryWebStorage';
import { ev } from './helpers';

/** A MemoryWebStorage that records every key read, to see when start-up first touches localStorage. */
class WatchedWebStorage extends MemoryWebStorage {
  reads: string[] = [];
  getItem(key: string) {
    this.reads.push(key);
    return super.getItem(key);
  }
}

/** A log storage holding note 1 ("Old text", saved at 10:00), as the last session left it durably. */
function storedLog() {
  return createMemoryLogStorage([
    ev('note.created', { id: '1', title: 'Kept' }, '2026-11-20T10:00:00.000Z'),
    ev('note.body-saved', { id: '1', html: '<p>Old text</p>' }, '2026-11-20T10:00:00.000Z'),
  ]);
}

/** `count` notes of the original app in `web` (ids from 1700000000000, bodies "<p>body N</p>"); returns their ids in list order. */
function legacyNotes(web: Storage, count: number): string[] {
  const ids = Array.from({ length: count }, (_, i) => String(1700000000000 + i));
  web.setItem(NOTES_KEY, JSON.stringify(ids.map((id, i) => ({ id, title: `Legacy ${i}`, modified: '2026-01-01T00:00:00.000Z' }))));
  ids.forEach((id, i) => web.setItem(noteBodyKey(id), `<p>body ${i}</p>`));
  return ids;
}

/** The body save the last session journaled on page hide (typed at 10:05, not yet durable then). */
const journaledSave = () => ({
  ...ev('note.body-saved', { id: '1', html: '<p>Typed before the page closed</p>' }, '2026-11-20T10:05:00.000Z'),
  seq: 0,
});

describe('start-up order (appShell: no localStorage before the first row)', () => {
  it('gives a readable log without touching localStorage, and recovers only after the paint is reported', async () => {
    const web = new WatchedWebStorage();
    web.setItem(JOURNAL_KEY, JSON.stringify([journaledSave()]));
    const storage = storedLog();
    const startup = beginStartup({ openStorage: async () => storage, webStorage: web, channel: null });

    const { log } = await startup.readable;
    expect(log!.state.notes.bodies['1'].html).toBe('<p>Old text</p>');
    // Give start-up every chance to run ahead: it must still wait for the paint.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(web.reads).toEqual([]);
    expect(web.getItem(JOURNAL_KEY)).not.toBeNull();

    startup.painted();
    const result = await startup.editable;
    expect(result.log).toBe(log);
    expect(log!.state.notes.bodies['1'].html).toBe('<p>Typed before the page closed</p>');
    expect(web.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('applies the journal before it reports the log editable, and brings the original app’s notes in after that', async () => {
    const web = new MemoryWebStorage();
    web.setItem(JOURNAL_KEY, JSON.stringify([journaledSave()]));
    const legacy = legacyNotes(web, 600);
    const startup = beginStartup({ openStorage: async () => storedLog(), webStorage: web, channel: null });
    const { log } = await startup.readable;
    startup.painted();

    // What the app sees at the moment it lets the user edit: the journal's text, not yet every legacy note.
    const atEditable = await startup.editable.then(() => log!.state.notes);
    expect(atEditable.bodies['1'].html).toBe('<p>Typed before the page closed</p>');
    expect(legacy.filter((id) => atEditable.meta[id]).length).toBeLessThan(legacy.length);

    expect(await startup.legacyImported).toEqual({ imported: legacy.length, error: null });
    const notes = log!.state.notes;
    expect(notes.order).toEqual(['1', ...legacy]);
    expect(notes.meta[legacy[0]].title).toBe('Legacy 0');
    expect(notes.bodies[legacy[599]].html).toBe('<p>body 599</p>');
  });

  it('writes none of the original app’s keys until its notes are all in the log, then mirrors every note', async () => {
    const web = new MemoryWebStorage();
    const legacy = legacyNotes(web, 450);
    web.writes = [];
    const startup = beginStartup({ openStorage: async () => storedLog(), webStorage: web, channel: null });
    const { log } = await startup.readable;
    startup.painted();
    await startup.editable;
    const mirror = startMirrorAfterLegacyImport(log!, web, startup.legacyImported, () => undefined);
    // An edit while the import runs: folded at once, but no key written yet.
    await log!.append('note.renamed', { id: '1', title: 'Renamed meanwhile' });
    mirror.flush();
    expect(web.writes).toEqual([]);
    expect(JSON.parse(web.getItem(NOTES_KEY)!)).toHaveLength(450);

    await startup.legacyImported;
    await vi.waitFor(() => expect(JSON.parse(web.getItem(NOTES_KEY)!)).toHaveLength(451));
    expect(JSON.parse(web.getItem(NOTES_KEY)!)[0]).toMatchObject({ id: '1', title: 'Renamed meanwhile' });
    expect(web.getItem(noteBodyKey(legacy[449]))).toBe('<p>body 449</p>');
  });

  it('writes no mirror key until the first screen is painted, and imports first what the original app listed meanwhile', async () => {
    const web = new MemoryWebStorage();
    const startup = beginStartup({ openStorage: async () => storedLog(), webStorage: web, channel: null });
    const { log } = await startup.readable;
    startup.painted();
    await startup.editable;
    expect(await startup.legacyImported).toEqual({ imported: 0, error: null });
    web.writes = [];
    let painted!: () => void;
    const firstScreen = new Promise<void>((resolve) => (painted = resolve));
    startMirrorAfterLegacyImport(log!, web, startup.legacyImported, () => undefined, undefined, firstScreen);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(web.writes).toEqual([]);
    // The original app, open in another tab, lists a note after this start read its index.
    const [late] = legacyNotes(web, 1);
    web.writes = [];
    painted();
    await vi.waitFor(() => expect(JSON.parse(web.getItem(NOTES_KEY)!)).toHaveLength(2));
    expect(log!.state.notes.bodies[late].html).toBe('<p>body 0</p>');
    expect(JSON.parse(web.getItem(NOTES_KEY)!).map((n: { id: string }) => n.id)).toEqual(['1', late]);
    expect(web.getItem(noteBodyKey(late))).toBe('<p>body 0</p>');
  });

  it('a page hidden before the first screen still writes the mirror, once', async () => {
    const web = new MemoryWebStorage();
    const startup = beginStartup({ openStorage: async () => storedLog(), webStorage: web, channel: null });
    const { log } = await startup.readable;
    startup.painted();
    await startup.editable;
    await startup.legacyImported;
    await log!.append('note.renamed', { id: '1', title: 'Renamed at once' });
    let painted!: () => void;
    const mirror = startMirrorAfterLegacyImport(
      log!,
      web,
      startup.legacyImported,
      () => undefined,
      undefined,
      new Promise<void>((resolve) => (painted = resolve)),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(web.getItem(NOTES_KEY)).toBeNull();
    mirror.flush();
    expect(JSON.parse(web.getItem(NOTES_KEY)!)).toMatchObject([{ id: '1', title: 'Renamed at once' }]);
    web.writes = [];
    painted();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first screen's start finds the mirror made: nothing is written twice.
    expect(web.writes).toEqual([]);
  });

  it('a start after one that closed half-way imports only the original app’s notes the log lacks', async () => {
    const web = new MemoryWebStorage();
    const legacy = legacyNotes(web, 300);
    // The first start's first batches were durable when the page closed.
    const half = legacy.slice(0, 120).map((id, i) =>
      ev('note.imported', {
        id,
        title: `Legacy ${i}`,
        modified: '2026-01-01T00:00:00.000Z',
        html: `<p>body ${i}</p>`,
        starred: false,
        source: 'localStorage',
      }),
    );
    const storage = createMemoryLogStorage(half);
    const startup = beginStartup({ openStorage: async () => storage, webStorage: web, channel: null });
    const { log } = await startup.readable;
    startup.painted();
    expect(await startup.legacyImported).toEqual({ imported: 180, error: null });
    expect(log!.state.notes.order).toEqual(legacy);
    const imports = (await storage.readAfter(0)).filter((e) => (e as { type: string }).type === 'note.imported');
    expect(imports).toHaveLength(300);
  });

  it('the machine is readable but not editable while recovering, and editable only when both steps are done', async () => {
    const steps: string[] = [];
    let finishJournal!: () => void;
    const actor = createActor(
      appShellMachine.provide({
        actors: {
          recoverJournal: fromPromise<void>(
            () => new Promise<void>((resolve) => (finishJournal = () => (steps.push('journal'), resolve()))),
          ),
          importLegacy: fromPromise<void>(async () => {
            steps.push('legacy');
          }),
        },
      }),
    ).start();

    await waitFor(actor, (s) => s.hasTag('readable'));
    expect(actor.getSnapshot().value).toEqual({ recovering: 'awaitingPaint' });
    expect(actor.getSnapshot().hasTag('editable')).toBe(false);

    actor.send({ type: 'app.painted' });
    expect(actor.getSnapshot().value).toEqual({ recovering: 'recoveringJournal' });
    expect(actor.getSnapshot().hasTag('editable')).toBe(false);

    finishJournal();
    const done = await waitFor(actor, (s) => s.hasTag('editable'));
    expect(steps).toEqual(['journal', 'legacy']);
    expect(done.status).toBe('done');
  });

  it('a paint reported before the log is read is not lost', async () => {
    const actor = createActor(appShellMachine).start();
    actor.send({ type: 'app.painted' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.hasTag('editable')).toBe(true);
  });

  it('recovery still runs when the journal step fails, and the log becomes editable', async () => {
    const web = new MemoryWebStorage();
    web.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const startup = beginStartup({ openStorage: async () => createMemoryLogStorage(), webStorage: web, channel: null });
    startup.painted();
    const result = await startup.editable;
    expect(result.log).toBeInstanceOf(EventLog);
    expect(result.error).toBeNull();
  });
});
