import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { recoverDraft, writeDraft } from '../../src/services/draft';
import { recoverJournal, writeJournal } from '../../src/services/journal';
import { DRAFT_KEY } from '../../src/services/webStorage';
import { MemoryWebStorage } from './memoryWebStorage';

async function loadedLog(storage = createMemoryLogStorage()) {
  const log = new EventLog({ storage });
  await log.load();
  return log;
}

/** A page that made note `1` with `saved` as its body, then had `typed` in its editor when it was killed. */
async function killedWhileTyping(saved: string, typed: string) {
  const storage = createMemoryLogStorage();
  const page = await loadedLog(storage);
  await page.append('note.created', { id: '1', title: 'Draft' });
  await page.append('note.body-saved', { id: '1', html: saved, blocks: [] });
  const session = new MemoryWebStorage();
  const base = page.state.notes.revs['1']?.id;
  expect(writeDraft(session, page.create('note.body-saved', { id: '1', html: typed, blocks: [], base }))).toBe(true);
  return { storage, page, session };
}

describe('typed-text draft', () => {
  it('brings back text typed in a page killed before its page-hide handler saved it', async () => {
    const { storage, session } = await killedWhileTyping('<p>saved</p>', '<p>saved and typed</p>');
    const next = await loadedLog(storage);
    const appended = await recoverDraft(next, session);
    expect(appended?.type).toBe('note.body-saved');
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved and typed</p>');
    expect(session.getItem(DRAFT_KEY)).toBeNull();
    // A second start finds nothing more to append.
    expect(await recoverDraft(await loadedLog(storage), session)).toBeNull();
  });

  it('is dropped when a later save reached the log (the page-hide journal holds newer text)', async () => {
    const { storage, page, session } = await killedWhileTyping('<p>saved</p>', '<p>saved and ty</p>');
    const durable = storage.append;
    storage.append = () => new Promise(() => {}); // the page is closing: its flush never becomes durable
    await new Promise((resolve) => setTimeout(resolve, 5));
    void page.append('note.body-saved', { id: '1', html: '<p>saved and typed, all of it</p>', blocks: [] });
    const web = new MemoryWebStorage();
    expect(writeJournal(page, web)).toBe(1);

    storage.append = durable;
    const next = await loadedLog(storage);
    expect((await recoverJournal(next, web)).appended).toHaveLength(1);
    expect(await recoverDraft(next, session)).toBeNull();
    expect(next.state.notes.bodies['1'].html).toBe('<p>saved and typed, all of it</p>');
    expect(session.getItem(DRAFT_KEY)).toBeNull();
  });

  it('is dropped when its note was deleted, and a draft that is not an event changes nothing', async () => {
    const { storage, session } = await killedWhileTyping('<p>saved</p>', '<p>typed</p>');
    const other = await loadedLog(storage);
    await other.append('note.deleted', { id: '1' });
    const next = await loadedLog(storage);
    expect(await recoverDraft(next, session)).toBeNull();
    expect(next.state.notes.meta['1']).toBeUndefined();

    session.setItem(DRAFT_KEY, '{"not":"an event"');
    const before = next.state;
    expect(await recoverDraft(next, session)).toBeNull();
    expect(next.state).toBe(before);
    expect(session.getItem(DRAFT_KEY)).toBeNull();
  });
});
