import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { recoverDrafts, writeDraft, type DraftPlaces, type DraftWriter } from '../../src/services/draft';
import { recoverJournal, writeJournal } from '../../src/services/journal';
import { draftKey } from '../../src/services/webStorage';
import { MemoryWebStorage } from './memoryWebStorage';

async function loadedLog(storage = createMemoryLogStorage()) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/** Draft places in memory: `open` the ids of the pages still open (null: the browser cannot say). */
function places(open: string[] | null = [], shared: MemoryWebStorage | null = new MemoryWebStorage()) {
  const tab = new MemoryWebStorage();
  const made: DraftPlaces & { shared: MemoryWebStorage | null; tab: MemoryWebStorage } = {
    shared,
    tab,
    livePages: () => Promise.resolve(open === null ? null : new Set(open)),
  };
  return made;
}

const killedPage: DraftWriter = { pageId: 'killed', lockHeld: true };

/** A page that made note `1` with `saved` as its body, then had `typed` in its editor when it was killed. */
async function killedWhileTyping(saved: string, typed: string, where = places()) {
  const storage = createMemoryLogStorage();
  const page = await loadedLog(storage);
  await page.append('note.created', { id: '1', title: 'Draft' });
  await page.append('note.body-saved', { id: '1', html: saved, blocks: [] });
  const base = page.state.notes.revs['1']?.id;
  // Typed after that save: the draft's time is later than the note's last change.
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(writeDraft(where, killedPage, page.create('note.body-saved', { id: '1', html: typed, blocks: [], base }))).toBe(true);
  return { storage, page, where };
}

describe('typed-text draft', () => {
  it('brings back text typed in a page killed before its page-hide handler saved it, in any later start', async () => {
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>saved and typed</p>');
    expect(where.shared!.getItem(draftKey('killed'))).not.toBeNull();
    const next = await loadedLog(storage);
    const appended = await recoverDrafts(next, { ...where, tab: new MemoryWebStorage() });
    expect(appended.map((e) => e.type)).toEqual(['note.body-saved']);
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved and typed</p>');
    expect(where.shared!.getItem(draftKey('killed'))).toBeNull();
    expect(await recoverDrafts(await loadedLog(storage), where)).toEqual([]);
  });

  it('leaves the draft of a page still open, and drops a copy of it in this tab (a duplicated tab)', async () => {
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>still typing</p>', places(['killed']));
    where.tab.setItem(draftKey('killed'), where.shared!.getItem(draftKey('killed'))!);
    const next = await loadedLog(storage);
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved</p>');
    expect(where.shared!.getItem(draftKey('killed'))).not.toBeNull();
    expect(where.tab.getItem(draftKey('killed'))).toBeNull();
  });

  it("keeps the draft in this tab's session storage when the page holds no lock, and only this tab reads it then", async () => {
    const where = places(null);
    const { storage } = await killedWhileTyping('<p>saved</p>', '<p>typed</p>', where);
    expect(writeDraft(where, { pageId: 'unlocked', lockHeld: false }, JSON.parse(where.shared!.getItem(draftKey('killed'))!))).toBe(true);
    expect(where.tab.getItem(draftKey('unlocked'))).not.toBeNull();
    const next = await loadedLog(storage);
    // The browser cannot say which pages are open: localStorage drafts stay, the tab's own is read.
    expect((await recoverDrafts(next, where)).length).toBe(1);
    expect(where.shared!.getItem(draftKey('killed'))).not.toBeNull();
    expect(where.tab.getItem(draftKey('unlocked'))).toBeNull();
  });

  it('is dropped when a later save reached the log (the page-hide journal holds newer text)', async () => {
    const { storage, page, where } = await killedWhileTyping('<p>saved</p>', '<p>saved and ty</p>');
    const durable = storage.append;
    storage.append = () => new Promise(() => {}); // the page is closing: its flush never becomes durable
    await new Promise((resolve) => setTimeout(resolve, 5));
    void page.append('note.body-saved', { id: '1', html: '<p>saved and typed, all of it</p>', blocks: [] });
    const web = new MemoryWebStorage();
    expect(writeJournal(page, web)).toBe(1);

    storage.append = durable;
    const next = await loadedLog(storage);
    expect((await recoverJournal(next, web)).appended).toHaveLength(1);
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved and typed, all of it</p>');
    expect(where.shared!.getItem(draftKey('killed'))).toBeNull();
  });

  it('is dropped when its note was deleted, and a draft that is not an event changes nothing', async () => {
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>typed</p>');
    const other = await loadedLog(storage);
    await other.append('note.deleted', { id: '1' });
    const next = await loadedLog(storage);
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state.notes.meta['1']).toBeUndefined();

    where.shared!.setItem(draftKey('broken'), '{"not":"an event"');
    const before = next.state;
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state).toBe(before);
    expect(where.shared!.getItem(draftKey('broken'))).toBeNull();
  });
});
