import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import {
  followMirror,
  keepDraftListed,
  recoverDrafts,
  writeDraft,
  yieldDraftsToMirror,
  type DraftPlaces,
  type DraftWriter,
} from '../../src/services/draft';
import { StorageMirror, type LocalCopy } from '../../src/services/storageMirror';
import { recoverJournal, writeJournal } from '../../src/services/journal';
import { DRAFT_PAGES_KEY, draftKey, noteBodyKey } from '../../src/services/webStorage';
import { listDraftPage, listedDraftPages } from '../../src/services/draftIndex';
import { MemoryWebStorage } from './memoryWebStorage';

async function loadedLog(storage = createMemoryLogStorage()) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/** Web Locks in memory: the page locks held (by open pages, or by a start recovering a page's draft). */
function pageLocks(open: string[] = []) {
  const held = new Set(open);
  const claimPage = (pageId: string) => {
    if (held.has(pageId)) return Promise.resolve(null);
    held.add(pageId);
    return Promise.resolve(() => void held.delete(pageId));
  };
  return { held, claimPage };
}

/** Draft places in memory: `open` the ids of the pages still open (null: no Web Locks). */
function places(open: string[] | null = [], shared: MemoryWebStorage | null = new MemoryWebStorage(), locks = pageLocks(open ?? [])) {
  const tab = new MemoryWebStorage();
  const made: DraftPlaces & { shared: MemoryWebStorage | null; tab: MemoryWebStorage } = {
    shared,
    tab,
    claimPage: open === null ? null : locks.claimPage,
  };
  return made;
}

const killedPage: DraftWriter = { pageId: 'killed', lockHeld: true, mirrorWhole: true };

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
    expect(
      writeDraft(where, { pageId: 'unlocked', lockHeld: false, mirrorWhole: true }, JSON.parse(where.shared!.getItem(draftKey('killed'))!)),
    ).toBe(true);
    expect(where.tab.getItem(draftKey('unlocked'))).not.toBeNull();
    const next = await loadedLog(storage);
    // No Web Locks: the browser cannot say which pages are open; localStorage drafts stay, the tab's own is read.
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
    listDraftPage(where.shared!, 'broken', true);
    const before = next.state;
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state).toBe(before);
    expect(where.shared!.getItem(draftKey('broken'))).toBeNull();
    expect(where.shared!.getItem(DRAFT_PAGES_KEY)).toBeNull();
  });

  it('reads the drafts of localStorage from their list, not from its keys, and forgets listed pages whose draft is gone', async () => {
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>saved and typed</p>');
    expect(listedDraftPages(where.shared!)).toEqual(['killed']);
    // A draft key no page listed is not read; a listed page without a draft leaves the list.
    where.shared!.setItem(draftKey('unlisted'), where.shared!.getItem(draftKey('killed'))!);
    listDraftPage(where.shared!, 'saved-since', true);
    const next = await loadedLog(storage);
    expect((await recoverDrafts(next, where)).length).toBe(1);
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved and typed</p>');
    expect(where.shared!.getItem(draftKey('unlisted'))).not.toBeNull();
    expect(where.shared!.getItem(DRAFT_PAGES_KEY)).toBeNull();
  });

  it("lists a page again when another page's rewrite of the list dropped it, and only while its draft is in localStorage", async () => {
    const { where } = await killedWhileTyping('<p>saved</p>', '<p>saved and typed</p>');
    // Another page listed itself from a list read before this page's entry was written.
    where.shared!.setItem(DRAFT_PAGES_KEY, JSON.stringify(['other']));
    expect(keepDraftListed(where, killedPage)).toBe(true);
    expect(listedDraftPages(where.shared!)).toEqual(['other', 'killed']);
    expect(keepDraftListed(where, killedPage)).toBe(false);
    // Its draft saved and removed: a later rewrite does not list it again.
    where.shared!.removeItem(draftKey('killed'));
    where.shared!.setItem(DRAFT_PAGES_KEY, JSON.stringify(['other']));
    expect(keepDraftListed(where, killedPage)).toBe(false);
    expect(listedDraftPages(where.shared!)).toEqual(['other']);
  });

  it("is appended once when two tabs start at once: the closed page's lock is claimed while its draft is recovered", async () => {
    const locks = pageLocks();
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>saved and typed</p>', places([], new MemoryWebStorage(), locks));
    const [first, second] = [await loadedLog(storage), await loadedLog(storage)];
    // Both starts ask the log whether it holds the draft before either has appended it (or 50 ms passed).
    let asked = 0;
    let bothAsked = () => {};
    const together = new Promise<void>((resolve) => (bothAsked = resolve));
    for (const log of [first, second]) {
      const holds = log.holds.bind(log);
      log.holds = async (ids) => {
        if (++asked === 2) bothAsked();
        await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 50))]);
        return holds(ids);
      };
    }
    const claimed: string[] = [];
    const counting = { ...where, claimPage: async (id: string) => (claimed.push(id), locks.claimPage(id)) };
    const [a, b] = await Promise.all([recoverDrafts(first, counting), recoverDrafts(second, { ...counting, tab: new MemoryWebStorage() })]);
    expect(claimed).toEqual(['killed', 'killed']);
    expect([...a, ...b].map((e) => e.type)).toEqual(['note.body-saved']);
    const after = await loadedLog(storage);
    expect(after.state.notes.bodies['1'].html).toBe('<p>saved and typed</p>');
    expect(where.shared!.getItem(draftKey('killed'))).toBeNull();
    expect(locks.held.size).toBe(0);
  });

  it('leaves a draft of a newer build for it', async () => {
    const { storage, where } = await killedWhileTyping('<p>saved</p>', '<p>typed</p>');
    const stored = JSON.parse(where.shared!.getItem(draftKey('killed'))!) as Record<string, unknown>;
    where.shared!.setItem(draftKey('killed'), JSON.stringify({ ...stored, v: 999 }));
    const next = await loadedLog(storage);
    expect(await recoverDrafts(next, where)).toEqual([]);
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved</p>');
    expect(where.shared!.getItem(draftKey('killed'))).not.toBeNull();
  });

  it('never costs the localStorage mirror room: drafts yield it when a mirror write meets the quota, and stay in session storage while the copy is not whole', async () => {
    const shared = new MemoryWebStorage();
    const writer: DraftWriter = { pageId: 'typing', lockHeld: true, mirrorWhole: true };
    const where = places([], shared);
    const storage = createMemoryLogStorage();
    const page = await loadedLog(storage);
    await page.append('note.created', { id: '1', title: 'Full' });
    await page.append('note.body-saved', { id: '1', html: '<p>saved</p>', blocks: [] });
    const copies: LocalCopy[] = [];
    const mirror = new StorageMirror(shared, {
      onCopy: (copy) => {
        copies.push(copy);
        followMirror(writer, copy.kind === 'complete');
      },
      onFull: () => yieldDraftsToMirror(where, writer),
    });
    mirror.write(page.state.notes);
    const typed = `<p>saved${' and typed'.repeat(20)}</p>`;
    expect(writeDraft(where, writer, page.create('note.body-saved', { id: '1', html: typed, blocks: [] }))).toBe(true);
    expect(shared.getItem(draftKey('typing'))).not.toBeNull();
    // Another page's draft too; then the area is full: the save's body fits only in the drafts' room.
    shared.setItem(draftKey('other'), shared.getItem(draftKey('typing'))!);
    listDraftPage(shared, 'other', true);
    const used = [...Array(shared.length).keys()].reduce((n, i) => n + shared.key(i).length + shared.getItem(shared.key(i))!.length, 0);
    shared.quotaChars = used + 10;
    await page.append('note.body-saved', { id: '1', html: typed, blocks: [] });
    mirror.write(page.state.notes);
    expect(shared.getItem(noteBodyKey('1'))).toBe(typed);
    expect(mirror.current()).toEqual({ kind: 'complete' });
    expect(shared.getItem(draftKey('typing'))).toBeNull();
    expect(shared.getItem(draftKey('other'))).toBeNull();
    expect(shared.getItem(DRAFT_PAGES_KEY)).toBeNull();
    // This page's draft moved to its session storage, where this tab's next start still finds it.
    expect(where.tab.getItem(draftKey('typing'))).not.toBeNull();

    // A copy that is not whole: this page's drafts stay out of localStorage until it is again.
    followMirror(writer, false);
    expect(writeDraft(where, writer, page.create('note.body-saved', { id: '1', html: '<p>more</p>', blocks: [] }))).toBe(true);
    expect(shared.getItem(draftKey('typing'))).toBeNull();
    expect(where.tab.getItem(draftKey('typing'))).toContain('more');
    expect(copies).toEqual([]);
  });
});
