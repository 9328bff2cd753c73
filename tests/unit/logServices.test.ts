// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { importActivity$ } from '../../src/services/noteImport/importActivity';
import { createLogServices } from '../../src/ui/logServices';

const NOTE = '1700000000001';
/** A body linking to note `id`, as the editor writes a link between notes. */
const link = (id: string) => `<p>see <a href="/?note=${id}" class="note-link" data-note-id="${id}">it</a></p>`;

async function logWithBody(html: string) {
  const log = new EventLog({ storage: createMemoryLogStorage() });
  await log.load();
  await log.append('note.created', { id: NOTE, title: 'Untitled Note' });
  await log.append('note.body-saved', { id: NOTE, html, blocks: [] });
  return log;
}

afterEach(() => importActivity$.next({ kind: 'idle' }));

describe('the services made for each log at start-up (docs/architecture.md "Start-up order")', () => {
  it("give each log its own search index: one log's stored-index read holds back only its own body matches", async () => {
    const log = await logWithBody('<p>Fish and chips</p>');
    const [reading, other] = [createLogServices(log).search, createLogServices(log).search];
    let painted = () => {};
    const loaded = reading.loadStored(new Promise<void>((resolve) => (painted = resolve)));
    const ended = vi.fn();
    reading.subscribeStoredLoad(ended);
    expect([reading.isStoredLoading(), other.isStoredLoading()]).toEqual([true, false]);
    expect(reading.bodySearch(log.state.notes)('chips')(NOTE)).toBe(false);
    expect(other.bodySearch(log.state.notes)('chips')(NOTE)).toBe(true);
    painted();
    await loaded;
    expect(ended).toHaveBeenCalledOnce();
    expect(reading.isStoredLoading()).toBe(false);
    expect(reading.bodySearch(log.state.notes)('chips')(NOTE)).toBe(true);
    expect(reading.loadStored()).toBe(loaded);
  });

  it('leave the stored search index unread until the first screen, unless a query asks for body matches first', async () => {
    const log = await logWithBody('<p>Fish and chips</p>');
    const search = createLogServices(log).search;
    // The first screen never comes here: only the query may start the read.
    void search.loadStored(new Promise<void>(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(search.isStoredLoading()).toBe(true);
    const ended = vi.fn();
    search.subscribeStoredLoad(ended);
    // Title matches only while it loads; asking is what starts the read.
    expect(search.bodySearch(log.state.notes)('chips')(NOTE)).toBe(false);
    await vi.waitFor(() => expect(ended).toHaveBeenCalledOnce());
    expect(search.isStoredLoading()).toBe(false);
    expect(search.bodySearch(log.state.notes)('chips')(NOTE)).toBe(true);
  });

  it("give each log its own link index: each answers from its own log's links, and keeping one fresh reads only its log's bodies", async () => {
    const [a, b] = [await logWithBody(link('1700000000002')), await logWithBody('<p>no links</p>')];
    await a.append('note.created', { id: '1700000000002', title: 'Target' });
    await b.append('note.created', { id: '1700000000003', title: 'Source' });
    await b.append('note.body-saved', { id: '1700000000003', html: link(NOTE), blocks: [] });
    const [linksA, linksB] = [createLogServices(a).links, createLogServices(b).links];
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      linksA.keepFresh(a.state$);
      await vi.waitFor(() => expect(parse).toHaveBeenCalledOnce());
      expect(linksA.linkedFrom(a.state.notes, '1700000000002')).toEqual([NOTE]);
      expect(parse).toHaveBeenCalledOnce();
      expect(linksB.linkedFrom(b.state.notes, NOTE)).toEqual(['1700000000003']);
      expect(linksB.linkedFrom(b.state.notes, '1700000000002')).toEqual([]);
      parse.mockClear();
      // Asking the other log's index did not unsettle this one: nothing is read again.
      expect([...linksA.linkSearch(a.state.notes)(['1700000000002'])]).toEqual([NOTE]);
      expect([...linksB.linkSearch(b.state.notes)(['1700000000002'])]).toEqual([]);
      expect(parse).not.toHaveBeenCalled();
      await a.append('note.body-saved', { id: '1700000000002', html: link(NOTE), blocks: [] });
      await vi.waitFor(() => expect(parse).toHaveBeenCalledOnce());
      expect(linksA.linkedFrom(a.state.notes, NOTE)).toEqual(['1700000000002']);
      expect(parse).toHaveBeenCalledOnce();
    } finally {
      parse.mockRestore();
    }
  });

  it("answer the list's search before the first build from the notes read so far, reading no body in the keystroke, and say when the rest can join", async () => {
    const log = await logWithBody(link('1700000000002'));
    await log.append('note.created', { id: '1700000000002', title: 'Target' });
    const { links } = createLogServices(log);
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const built = vi.fn();
    links.subscribeBuilt(built);
    try {
      // Nothing read yet: no link match, and no body read in the caller's task.
      expect([...links.linkSearchSoFar(log.state.notes)(['1700000000002'])]).toEqual([]);
      expect(parse).not.toHaveBeenCalled();
      // The query scheduled the build; once it ends the list hears it and the join is complete.
      await vi.waitFor(() => expect(built).toHaveBeenCalledOnce());
      expect(links.isBuilt()).toBe(true);
      expect([...links.linkSearchSoFar(log.state.notes)(['1700000000002'])]).toEqual([NOTE]);
      expect(parse).toHaveBeenCalledOnce();
    } finally {
      parse.mockRestore();
    }
  });

  it('start no link build for a list rendered without a query: the list of a start renders before its bodies are read', async () => {
    const log = await logWithBody(link('1700000000002'));
    await log.append('note.created', { id: '1700000000002', title: 'Target' });
    const { links } = createLogServices(log);
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      // What the list does at each render: it takes the join, and calls it only for a query.
      links.linkSearchSoFar(log.state.notes);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(links.isBuilt()).toBe(false);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('build the link index in the background when "Linked from" first asks, so a start reads no body in the editor\'s first render', async () => {
    const log = await logWithBody(link('1700000000002'));
    await log.append('note.created', { id: '1700000000002', title: 'Target' });
    const { links } = createLogServices(log);
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      expect(links.isBuilt()).toBe(false);
      const built = links.whenBuilt(log.state.notes);
      // Nothing is read in the caller's task: the build runs in a background slice.
      expect(parse).not.toHaveBeenCalled();
      await built;
      expect(links.isBuilt()).toBe(true);
      expect(parse).toHaveBeenCalledOnce();
      expect(links.linkedFrom(log.state.notes, '1700000000002')).toEqual([NOTE]);
      expect(parse).toHaveBeenCalledOnce();
      await expect(links.whenBuilt(log.state.notes)).resolves.toBeUndefined();
    } finally {
      parse.mockRestore();
    }
  });

  it('give each log its own export of all notes: one waiting for an import leaves the other idle, and Cancel ends only it', async () => {
    const log = await logWithBody('<p>kept</p>');
    const [first, second] = [createLogServices(log).exportRun, createLogServices(log).exportRun];
    importActivity$.next({ kind: 'importing', done: 0, total: 5, cancel: null });
    const changes = vi.fn();
    first.subscribe(changes);
    const run = first.start();
    expect(first.state()).toEqual({ running: true, done: 0, total: null, waiting: true });
    expect(second.state()).toEqual({ running: false });
    void first.start();
    expect(changes).toHaveBeenCalledOnce();
    first.cancel();
    await run;
    expect(first.state()).toEqual({ running: false });
    expect(second.state()).toEqual({ running: false });
  });

  it('give each log one sync control of its own, loaded on first use', async () => {
    const [a, b] = [await logWithBody('<p>a</p>'), await logWithBody('<p>b</p>')];
    const [servicesA, servicesB] = [createLogServices(a), createLogServices(b)];
    const controlA = await servicesA.sync.load();
    expect(await servicesA.sync.load()).toBe(controlA);
    const controlB = await servicesB.sync.load();
    expect(controlB).not.toBe(controlA);
    expect(controlA.deps.log).toBe(a);
    expect(controlB.deps.log).toBe(b);
  });
});
