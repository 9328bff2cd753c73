import { expect, test, type Page } from '@playwright/test';
import { EVENT_SCHEMA_VERSION } from '../../catalog/envelope';
import { NotesPage } from './notesPage';
import { addStoredRecords, storedEvents } from './storedEvents';

/**
 * Two tabs of one browser on one log (docs/architecture.md "Compaction"): tab A compacts while
 * tab B types and then replaces the log with an imported file. Tab A's compaction is held after it
 * read the log (its read of the whole log does not answer until the test says so), so the overlap
 * happens on every run, not only on a slow machine.
 */

/** Held in tab A from the moment start-up reads when it last compacted: the next read of the whole log. */
function holdCompactionRead() {
  if (sessionStorage.getItem('e2e-hold-compaction') !== 'yes') return;
  sessionStorage.removeItem('e2e-hold-compaction');
  const held = window as unknown as { compactionHeld?: boolean; releaseCompaction?: () => void };
  let armed = false;
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key: string) {
    if (key === 'notepad:compacted-at') armed = true;
    return getItem.call(this, key);
  };
  const getAll = IDBObjectStore.prototype.getAll;
  IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['getAll']>) {
    const request = getAll.apply(this, args);
    const range = args[0];
    if (armed && this.name === 'events' && range instanceof IDBKeyRange && range.lower === 0) {
      armed = false;
      held.compactionHeld = true;
      const gate = new Promise<void>((resolve) => (held.releaseCompaction = resolve));
      const listen = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
        listen(
          type,
          type === 'success' ? (event: Event) => void gate.then(() => listener.call(request, event)) : listener,
          options,
        )) as typeof request.addEventListener;
    }
    return request;
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Revisions of the old note: compaction keeps the newest 20, so it drops the first four. */
const REVISIONS = 24;

/** Records of a note edited two months ago, as an older session left them in the log. */
function oldNoteRecords(now: number) {
  const at = (i: number) => new Date(now - 60 * DAY_MS + i * 1000).toISOString();
  const id = String(now - 60 * DAY_MS);
  return [
    { v: EVENT_SCHEMA_VERSION, id: crypto.randomUUID(), at: at(0), type: 'note.created', payload: { id, title: 'Old note' } },
    ...Array.from({ length: REVISIONS }, (_, i) => ({
      v: EVENT_SCHEMA_VERSION,
      id: crypto.randomUUID(),
      at: at(i + 1),
      type: 'note.body-saved',
      payload: { id, html: `<p>revision ${i + 1}</p>` },
    })),
  ];
}

/** An exported log of another browser: a note created at each of `seqs` (the seqs compaction drops here), and one more. */
function importedFile(seqs: number[]) {
  const at = new Date().toISOString();
  const created = (seq: number, n: number) => ({
    v: EVENT_SCHEMA_VERSION,
    seq,
    id: crypto.randomUUID(),
    at,
    type: 'note.created',
    payload: { id: String(1_700_000_000_000 + n), title: `Imported ${n}` },
  });
  const events = [...seqs.map((seq, i) => created(seq, i + 1)), created(seqs.at(-1)! + 1, seqs.length + 1)];
  const text = JSON.stringify({
    format: 'notepad-event-log',
    version: 1,
    exportedAt: at,
    schemaVersion: EVENT_SCHEMA_VERSION,
    snapshot: null,
    events,
  });
  return { text, ids: events.map((e) => e.id), titles: events.map((e) => e.payload.title).reverse() };
}

async function importReplacing(page: Page, text: string) {
  await page.getByText('Event log', { exact: true }).click();
  await page.getByLabel('Event log file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByRole('dialog', { name: 'Import event log' }).getByRole('button', { name: 'Replace my notes' }).click();
}

test('a compaction in one tab while another tab types and replaces the log keeps every event of the new log', async ({ page, context }) => {
  const tabA = new NotesPage(page);
  await page.addInitScript(holdCompactionRead);
  await tabA.open();
  // The first start compacts an empty log and records when; the old note goes in after it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('notepad:compacted-at'))).not.toBeNull();
  await addStoredRecords(page, oldNoteRecords(Date.now()));
  const seqs = (await storedEvents(page)).filter((e) => e.type === 'note.body-saved').map((e) => e.seq);
  const file = importedFile(seqs.slice(0, REVISIONS - 20));

  const tabB = new NotesPage(await context.newPage());
  await tabB.open();
  await expect(tabB.row('Old note')).toBeVisible();

  // Tab A starts again, a day after its last compaction: it compacts, and its read of the log is held.
  await page.evaluate(() => {
    sessionStorage.setItem('e2e-hold-compaction', 'yes');
    localStorage.removeItem('notepad:compacted-at');
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => (window as unknown as { compactionHeld?: boolean }).compactionHeld === true)).toBe(true);

  // Typing in tab B is saved while tab A compacts: appends do not wait for the lock.
  await tabB.createNote('Typed in B');
  await tabB.typeBody('saved while A compacts');
  await tabB.waitForSaved();

  await importReplacing(tabB.page, file.text);
  // Tab B has replaced the log, or it waits for tab A's compaction to end.
  await expect
    .poll(async () => {
      const shown = await tabB.rowTitles();
      const { pending } = await tabB.page.evaluate(() => navigator.locks.query());
      return shown.includes('Imported 1') || (pending ?? []).some((lock) => lock.name === 'notepad-log-maintenance');
    })
    .toBe(true);
  await page.evaluate(() => (window as unknown as { releaseCompaction: () => void }).releaseCompaction());

  await expect(tabB.rowTitleTexts).toHaveText(file.titles);
  await expect(tabA.rowTitleTexts).toHaveText(file.titles);
  const tabC = new NotesPage(await context.newPage());
  await tabC.open();
  await expect(tabC.rowTitleTexts).toHaveText(file.titles);
  const stored = new Set((await storedEvents(tabC.page)).map((e) => (e as unknown as { id: string }).id));
  expect(file.ids.filter((id) => !stored.has(id))).toEqual([]);
});
