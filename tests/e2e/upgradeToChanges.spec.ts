import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { EVENT_SCHEMA_VERSION } from '../../catalog/envelope';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { OrganisePage } from './organisePage';
import { storedEvents } from './storedEvents';

/*
 * The first start after the update to saves as changes (docs/architecture.md "Saves as changes", "Schema
 * versions", "Snapshots"): a library whose log holds whole bodies only, with a snapshot of an older schema,
 * opens with every note, its notebooks, tags and history; the first save of an old note is a change whose
 * chain starts from the note's whole body, and nothing of the old history is lost.
 */

/** One record of an IndexedDB store under its key, as tests/unit/fixtures/library-v3.json holds them. */
interface StoreDump {
  key: number | number[];
  value: Record<string, unknown>;
}

/** What is put into the origin's IndexedDB: the database version and each store's records. */
interface OldStores {
  dbVersion: number;
  events: Record<string, unknown>[];
  snapshots: Record<string, unknown>[];
  snapshotBodies: StoreDump[];
}

/** The stores a build of schema 3 left (made by running that build): 17 events and a snapshot, with its head and body part, at seq 14. */
const previous = JSON.parse(readFileSync(join(process.cwd(), 'tests/unit/fixtures/library-v3.json'), 'utf8')) as {
  dbVersion: number;
  events: StoreDump[];
  snapshots: StoreDump[];
  snapshotBodies: StoreDump[];
};

const GROCERIES = '1763629200000';
const PACKING = '1763629260000';
const IDEAS = '1763629320000';
const EVERNOTE = '1600000000000';
/** The events that made each note (their ids are the notes' `ref` in events of schema 4). */
const ORIGIN = {
  [GROCERIES]: '0b0e5a1c-0000-4000-8003-000000000001',
  [PACKING]: '0b0e5a1c-0000-4000-8003-000000000002',
  [IDEAS]: '0b0e5a1c-0000-4000-8003-000000000003',
};
const HOME = 'nb-home-000001';
const paragraph = (id: string, text: string) => ({
  id,
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});
/** The whole body the schema-4 build saved last for Groceries: the revision its first change must start from. */
const LAST_WHOLE_BODY = '0b0e5a1c-0000-4000-8004-000000000022';

/**
 * Events the build of schema 4 appended after those (notebooks and tags, `ref` naming the note, a body save
 * with its BlockNote document beside the payload as `blocksJson`), in the stored form it wrote.
 */
const schema4Events = [
  { type: 'notebook.created', payload: { notebook: HOME, name: 'Home', parent: null } },
  { type: 'note.filed', payload: { id: GROCERIES, ref: ORIGIN[GROCERIES], notebook: HOME } },
  { type: 'note.tagged', payload: { id: GROCERIES, ref: ORIGIN[GROCERIES], tag: 'shopping' } },
  { type: 'note.tagged', payload: { id: PACKING, ref: ORIGIN[PACKING], tag: 'packing' } },
  {
    type: 'note.body-saved',
    payload: {
      id: GROCERIES,
      ref: ORIGIN[GROCERIES],
      html: '<p>milk, eggs, bread</p><p>and coffee</p>',
      base: '0b0e5a1c-0000-4000-8003-000000000007',
    },
    blocksJson: JSON.stringify([paragraph('blk-17', 'milk, eggs, bread'), paragraph('blk-22', 'and coffee')]),
  },
  { type: 'note.renamed', payload: { id: IDEAS, ref: ORIGIN[IDEAS], title: 'Ideas for later' } },
].map((event, i) => {
  const seq = 18 + i;
  return {
    v: 4,
    id: `0b0e5a1c-0000-4000-8004-${String(seq).padStart(12, '0')}`,
    at: `2026-11-21T10:${String(seq).padStart(2, '0')}:00.000Z`,
    ...event,
    seq,
  };
});

/**
 * Put the old builds' stores into the origin's IndexedDB before the app ever runs there: the database at
 * the version those builds made, its stores and indexes as they made them, each record under its key.
 */
async function putPreviousBuildLog(page: Page): Promise<void> {
  await page.route('**/__previous-build__', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>previous build</title>' }),
  );
  await page.goto('/__previous-build__');
  const oldStores: OldStores = {
    dbVersion: previous.dbVersion,
    events: [...previous.events.map((e) => e.value), ...schema4Events],
    snapshots: previous.snapshots.map((s) => s.value),
    snapshotBodies: previous.snapshotBodies,
  };
  await page.evaluate(
    (stores: OldStores) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('notepad-log', stores.dbVersion);
        open.onupgradeneeded = () => {
          const db = open.result;
          const events = db.createObjectStore('events', { keyPath: 'seq', autoIncrement: true });
          events.createIndex('id', 'id', { unique: true });
          events.createIndex('noteId', 'payload.id');
          db.createObjectStore('snapshots', { keyPath: 'seq' });
          db.createObjectStore('quarantine', { keyPath: 'key', autoIncrement: true });
          db.createObjectStore('snapshotBodies');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['events', 'snapshots', 'snapshotBodies'], 'readwrite');
          for (const value of stores.events) tx.objectStore('events').put(value);
          for (const value of stores.snapshots) tx.objectStore('snapshots').put(value);
          for (const { key, value } of stores.snapshotBodies) tx.objectStore('snapshotBodies').put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('writing the previous build’s log aborted'));
        };
      }),
    oldStores,
  );
}

/** Open the History of the note shown; resolves with its revisions (newest first) and its preview. */
async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'History' });
  return {
    dialog,
    revisions: dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem'),
    preview: dialog.getByRole('region', { name: 'Revision preview' }),
  };
}

/** Groceries' revisions from the old builds, newest first: each label, and for a save the text its preview shows. */
const OLD_REVISIONS: [string, string[]][] = [
  ['Saved', ['milk, eggs, bread', 'and coffee']],
  ['Tagged “shopping”', []],
  ['Moved to Home', []],
  ['Saved', ['milk, eggs, bread']],
  ['Saved', ['milk, eggs']],
  ['Renamed', []],
  ['Created', []],
];

/** History lists `expected`, newest first, each save previewed with its own text. */
async function expectRevisions(page: Page, expected: [string, string[]][]) {
  const history = await openHistory(page);
  const { revisions, preview } = history;
  await expect(revisions).toHaveCount(expected.length);
  for (const [i, [label, texts]] of expected.entries()) {
    const entry = revisions.nth(i);
    await expect(entry).toContainText(label);
    if (texts.length === 0) continue;
    await entry.getByRole('button').click();
    await expect(entry.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    await expect(preview.locator('p')).toHaveText(texts);
  }
  return history;
}

test.describe('the update to saves as changes', () => {
  test('an existing library opens after the update with every note and its history', async ({ page }) => {
    await putPreviousBuildLog(page);
    const oldLog = await storedEvents(page);
    const app = new OrganisePage(page);
    await app.open('/');
    await app.waitUntilLive();

    // 1. Every note with its title (the old sort, by title, kept), its text, its notebook and tags.
    await expect(app.rowTitleTexts).toHaveText(['From Evernote', 'Groceries', 'Ideas for later', 'Packing list']);
    const texts: [string, string[]][] = [
      ['From Evernote', ['Tags: travel, y2020', 'Kyoto']],
      ['Ideas for later', ['a notepad that never loses text']],
      ['Packing list', ['passport']],
      ['Groceries', ['milk, eggs, bread', 'and coffee']],
    ];
    for (const [title, lines] of texts) {
      await app.row(title).locator('.note-row-title').click();
      await expect(page.locator('.editor-title')).toHaveText(title);
      await expect(app.editor.locator('.bn-inline-content')).toHaveText(lines);
    }
    await expect(app.item('Notebooks', 'Home').locator('.tree-count')).toHaveText('1 note');
    await expect(app.item('Tags', 'shopping').locator('.tree-count')).toHaveText('1 note');
    await expect(app.item('Tags', 'packing').locator('.tree-count')).toHaveText('1 note');
    // The mirror holds what the old builds showed for the notes nothing changed since.
    const keys = await app.localStorageKeys();
    expect(keys[`note_${PACKING}`]).toBe('<ul><li><p>passport</p></li></ul>');
    expect(keys[`note_${EVERNOTE}`]).toBe('<p>Tags: travel, y2020</p><p>Kyoto</p>');

    // 2. History lists every old revision, each save with its preview: from before the snapshot and after it.
    await app.row('Ideas for later').locator('.note-row-title').click();
    await expect(page.locator('.editor-title')).toHaveText('Ideas for later');
    const ideas = await expectRevisions(page, [
      ['Renamed', []],
      ['Saved', ['a notepad that never loses text']],
      ['Renamed', []],
      ['Created', []],
    ]);
    await page.keyboard.press('Escape');
    await expect(ideas.dialog).toHaveCount(0);
    await app.row('Groceries').locator('.note-row-title').click();
    await expect(app.editor.locator('.bn-inline-content')).toHaveText(['milk, eggs, bread', 'and coffee']);
    const before = await expectRevisions(page, OLD_REVISIONS);
    await expect(before.revisions.nth(0)).toContainText('(current)');
    await page.keyboard.press('Escape');
    await expect(before.dialog).toHaveCount(0);

    // 3. Typing into the old note saves a change (once the change model's code has loaded, as it does after
    // the note is editable; before that a save carries the whole body by design).
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/changeModel-[\w-]+\.js$/.test(e.name))))
      .toBe(true);
    const savedBefore = (await storedEvents(page)).length;
    await app.typeBody(' and apples');
    await app.waitForSavedText('and apples');
    const log = await storedEvents(page);
    // The old records are kept as they were stored, untouched.
    expect(log.slice(0, oldLog.length)).toEqual(oldLog);
    const added = log.slice(savedBefore).filter((e) => e.payload.id === GROCERIES);
    expect(added.map((e) => e.type)).toEqual(['note.changed']);
    // Its chain starts from the note's last whole body, saved by the old build.
    expect(added[0]).toMatchObject({
      v: EVENT_SCHEMA_VERSION,
      type: 'note.changed',
      payload: { start: LAST_WHOLE_BODY, base: LAST_WHOLE_BODY },
    });
    await expect(app.editor.locator('.bn-inline-content')).toHaveText(['milk, eggs, bread', 'and coffee and apples']);
    await expect.poll(async () => (await app.localStorageKeys())[`note_${GROCERIES}`]).toMatch(/milk, eggs, bread.*and coffee and apples/);
    const NEW_SAVE: [string, string[]] = ['Saved (current)', ['milk, eggs, bread', 'and coffee and apples']];
    const after = await expectRevisions(page, [NEW_SAVE, ...OLD_REVISIONS]);
    await expect(after.revisions.filter({ hasText: '(current)' })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // 4. After a reload the note shows the new text and History still has everything.
    await page.reload();
    await app.waitUntilLive();
    await expect(page.locator('.editor-title')).toHaveText('Groceries');
    await expect(app.editor.locator('.bn-inline-content')).toHaveText(['milk, eggs, bread', 'and coffee and apples']);
    await expectRevisions(page, [NEW_SAVE, ...OLD_REVISIONS]);
    await expect(app.rowTitleTexts).toHaveText(['From Evernote', 'Groceries', 'Ideas for later', 'Packing list']);
    expectNoConsoleErrors(page);
  });
});
