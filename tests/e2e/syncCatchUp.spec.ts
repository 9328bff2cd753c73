import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { createSyncService } from '../../server/sync/wiring';
import { enexFile, type EnexNoteSpec } from '../fixtures/import/samples';
import { typeInParagraph } from './editorHelpers';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { DIST } from './functionsHost';
import { chooseFiles, toastTitled } from './importPage';
import { NotesPage } from './notesPage';
import { expectSameKeys, signIn, uniqueEmail, waitSynced, type Device } from './syncDevices';
import { storedEvents } from './storedEvents';
import { replaceStoredOrigin } from './storedOrigin';

/**
 * The host drops the events a checkpoint covers (docs/sync.md "snapshot", "pull"; docs/architecture.md
 * "Sync", catching up): on a host that keeps nothing a checkpoint covers (`SYNC_KEEP_DAYS=0`), device A
 * imports enough to upload a checkpoint with its proof while device B is offline with edits of its own.
 * B comes back, is told the events it missed are gone, starts again from the checkpoint with its own
 * edits on top, and both devices end with the same notes; the note's chain of changes goes on merging.
 * Then B's stored copy of that checkpoint stops reading, with no snapshot beside it (docs/architecture.md
 * "Reading states"): broken, B refuses to export its log until it has taken the checkpoint again, which it
 * does before it pulls; of a newer build's form, B leaves its log to that build.
 */

const EXPECTED_NETWORK_ERRORS = [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/];
const PARAGRAPHS = ['First paragraph', 'Second paragraph', 'Third paragraph'];

// The service worker keeps the app's code for a device offline, as it does for people.
test.use({ serviceWorkers: 'allow' });

/** The real host on 127.0.0.1 with SQLite files of its own, keeping no event a checkpoint covers. */
async function startDroppingHost(): Promise<RunningHost & { requests: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'notepad-drop-'));
  const env = {
    SYNC_DB_PATH: join(dir, 'sync.sqlite'),
    USAGE_DB_PATH: join(dir, 'usage.sqlite'),
    AUTH_SIGNUP_MAX: '1000',
    SYNC_KEEP_DAYS: '0',
  };
  const service = await createSyncService(env);
  const requests: string[] = [];
  const host = await startServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST,
    functions: createFunctions(env),
    sync: {
      ...service,
      handle: async (req, info) => {
        const answer = await service.handle(req, info);
        requests.push(`${req.method} ${new URL(req.url).pathname} ${answer.status}`);
        return answer;
      },
    },
  });
  return {
    ...host,
    requests,
    close: async () => {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function deviceOf(browser: Browser, url: string): Promise<Device> {
  const context = await browser.newContext({ baseURL: url, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  trackConsoleErrors(page);
  const app = new NotesPage(page);
  await app.open();
  return { context, page, app };
}

/** `count` small Evernote notes. */
function manyNotes(count: number): Buffer {
  const notes: EnexNoteSpec[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString().replace(/[-:]|\.\d+/g, '');
    return { title: `Bulk ${i}`, created: at, updated: at, enml: `<div>Imported on A, note ${i}</div>` };
  });
  return Buffer.from(enexFile(notes));
}

test('a device offline while the host dropped what a checkpoint covers catches up from it, its offline edits kept', async ({
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const host = await startDroppingHost();
  try {
    const a = await deviceOf(browser, host.url);
    const b = await deviceOf(browser, host.url);
    const email = uniqueEmail(testInfo, 'drop');
    await signIn(a, email, { create: true });
    await a.app.createNote('Plan');
    await a.app.typeBody(PARAGRAPHS[0]);
    for (const text of PARAGRAPHS.slice(1)) {
      await a.page.keyboard.press('Enter');
      await a.page.keyboard.type(text);
    }
    await a.app.waitForSavedText(PARAGRAPHS[2]);
    await typeInParagraph(a, 0, '.');
    await expect
      .poll(async () => (await storedEvents(a.page)).map((e) => e.type).findLast((t) => t.startsWith('note.') && t !== 'note.opened'), {
        timeout: 10_000,
      })
      .toBe('note.changed');
    await waitSynced(a);
    await signIn(b, email);
    await b.app.row('Plan').locator('.note-row-main').click();
    await expect(b.app.editor.locator('.bn-inline-content')).toHaveText([`${PARAGRAPHS[0]}.`, PARAGRAPHS[1], PARAGRAPHS[2]]);
    await waitSynced(b);

    // B goes offline and keeps writing; A edits the same note, then imports enough for a checkpoint.
    await b.context.setOffline(true);
    await typeInParagraph(b, 2, ' edited on B');
    await b.app.waitForSavedText('edited on B');
    await b.app.createNote('Written offline');
    await b.app.typeBody('typed on the train');
    await b.app.waitForSavedText('typed on the train');

    await a.app.row('Plan').locator('.note-row-main').click();
    await typeInParagraph(a, 0, ' edited on A');
    await a.app.waitForSavedText('edited on A');
    await chooseFiles(a.page, [{ name: 'bulk.enex', mimeType: 'application/xml', buffer: manyNotes(1100) }]);
    await expect(toastTitled(a.page, 'Imported 1,100 notes')).toBeVisible({ timeout: 60_000 });
    await waitSynced(a, 60_000);
    // The checkpoint went with its proof, and the host then dropped what it covers.
    await expect
      .poll(() => host.requests.filter((r) => r.startsWith('PUT /functions/v1/sync/snapshot')), { timeout: 60_000 })
      .toEqual(['PUT /functions/v1/sync/snapshot 200']);
    expect(host.requests.filter((r) => r.includes('checkpoint-verifier'))).toEqual(['POST /functions/v1/sync/checkpoint-verifier 200']);

    await b.context.setOffline(false);
    await waitSynced(b, 60_000);
    expect(host.requests.some((r) => r.startsWith('GET /functions/v1/sync/pull 410'))).toBe(true);
    const keys = await expectSameKeys([a, b], 60_000);
    expect(JSON.parse(keys.notes)).toHaveLength(1102);
    const plan = Object.entries(keys).find(([k, v]) => k.startsWith('note_') && v.includes(PARAGRAPHS[1]))![1];
    expect(plan).toContain('edited on A');
    expect(plan).toContain('edited on B');
    await expect(a.app.row('Written offline')).toBeVisible();

    // The note's chain came with the checkpoint: B's next change of it merges on A.
    await b.app.row('Plan').locator('.note-row-main').click();
    await typeInParagraph(b, 1, ' and after');
    await b.app.waitForSavedText('and after');
    await expect(async () => {
      await a.app.row('Plan').locator('.note-row-main').click();
      await expect(a.app.editor.locator('.bn-inline-content').nth(1)).toHaveText(`${PARAGRAPHS[1]} and after`, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect((await storedEvents(b.page)).map((e) => e.type)).toContain('note.changed');

    // B's stored copy of that checkpoint breaks and no snapshot covers it. Until B has taken it again from
    // the host, its event log export downloads nothing (the file would miss the checkpoint's notes); then
    // B takes it before it pulls (a pull from the incomplete fold would meet the host's 410 first).
    const checkpointUrl = /\/functions\/v1\/sync\/snapshot/;
    await b.context.route(checkpointUrl, (route) => route.abort());
    const asked = host.requests.length;
    await replaceStoredOrigin(b.page, 'broken');
    await b.app.open();
    await b.page.getByText('Event log', { exact: true }).click();
    await b.page.getByRole('button', { name: 'Export event log' }).click();
    await expect(toastTitled(b.page, 'Export failed: nothing was downloaded')).toBeVisible();
    await b.context.unroute(checkpointUrl);
    await waitSynced(b, 60_000);
    const after = host.requests.slice(asked).filter((r) => !r.includes('/sync/live'));
    expect(after[0]).toBe('GET /functions/v1/sync/snapshot 200');
    expect(after.filter((r) => r.endsWith(' 410'))).toEqual([]);
    const retaken = await expectSameKeys([a, b], 60_000);
    expect(JSON.parse(retaken.notes)).toHaveLength(1102);
    // Whatever checkpoint the account holds now (B may make one once it holds every note again: at a
    // high load A's import reached the host over several pushes), a new device that starts from it has
    // every note.
    const c = await deviceOf(browser, host.url);
    await signIn(c, email);
    await waitSynced(c, 60_000);
    expect(await expectSameKeys([a, c], 60_000)).toEqual(retaken);
    expectNoConsoleErrors(c.page, { allow: EXPECTED_NETWORK_ERRORS });
    await c.context.close();

    // A form a newer build might store: B leaves its log to that build (read-only, Reload offered).
    await replaceStoredOrigin(b.page, 'unknown');
    await b.page.goto('/');
    const notice = b.page.locator('[data-sonner-toast]').filter({ hasText: 'NotePad was updated elsewhere' });
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(b.app.sidebar).toHaveAttribute('inert', '');
    await expect(b.app.row('Plan')).toBeVisible();
    // Its localStorage copy stays as it was: a fold from nothing would have written a list without
    // the checkpoint's notes (the mirror writes within a second of a start when it runs).
    await b.page.waitForTimeout(3_000);
    expect(await b.app.localStorageKeys()).toEqual(retaken);
    expect(await a.app.localStorageKeys()).toEqual(retaken);
    expectNoConsoleErrors(a.page, { allow: EXPECTED_NETWORK_ERRORS });
    expectNoConsoleErrors(b.page, { allow: EXPECTED_NETWORK_ERRORS });
    await a.context.close();
    await b.context.close();
  } finally {
    await host.close();
  }
});
