import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { typeInParagraph } from './editorHelpers';
import { expect, expectNoConsoleErrors, test, trackConsoleErrors } from './fixtures';
import { NotesPage } from './notesPage';
import { openDevice, signIn, uniqueEmail, waitSynced } from './syncDevices';
import { storedEvents } from './storedEvents';

/**
 * The replay view over saves as changes (docs/product.md "Event log tools", docs/architecture.md
 * "Saves as changes"): two devices of one account edit one note offline, the log one of them exports
 * holds both devices' changes in the account's order, one merged into the other, and the replay of
 * that chosen file shows the note's text at each step, the merge included.
 */

const EXPECTED_NETWORK_ERRORS = [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/];

test.use({ serviceWorkers: 'allow' });

const BASE = ['First paragraph.', 'Second paragraph', 'Third paragraph'];
const FROM_A = 'First paragraph. alpha';
const FROM_B = 'Third paragraph bravo';

/** Export the log through the sidebar's Event log tools; the file's text. */
async function exportLog(page: Page): Promise<string> {
  await page.getByText('Event log', { exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export event log' }).click();
  return readFileSync(await (await download).path(), 'utf8');
}

interface FileEvent {
  type: string;
  device?: string;
  payload: { base?: string };
}

test('a chosen log holding two devices’ changes replays the note’s text at each step, the merge included', async ({
  browser,
}, testInfo) => {
  // Two devices synced, an export, and a replay in a third page: slower than one page on a loaded machine.
  test.setTimeout(120_000);
  const a = await openDevice(browser, testInfo);
  const b = await openDevice(browser, testInfo);
  const email = uniqueEmail(testInfo);
  await signIn(a, email, { create: true });
  await a.app.createNote('Plan');
  await a.app.typeBody('First paragraph');
  await a.page.keyboard.press('Enter');
  await a.page.keyboard.type(BASE[1]);
  await a.page.keyboard.press('Enter');
  await a.page.keyboard.type(BASE[2]);
  await a.app.waitForSavedText(BASE[2]);
  // One more edit: by then the note's change model is ready, so the note is on a chain of changes.
  await typeInParagraph(a, 0, '.');
  await expect.poll(async () => (await storedEvents(a.page)).map((e) => e.type).at(-1), { timeout: 10_000 }).toBe('note.changed');
  await waitSynced(a);
  await signIn(b, email);
  await b.app.row('Plan').locator('.note-row-main').click();
  await expect(b.app.editor.locator('.bn-inline-content')).toHaveText(BASE);

  // Offline, each device edits its own paragraph; back online, the account orders both and merges.
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await typeInParagraph(a, 0, ' alpha');
  await typeInParagraph(b, 2, ' bravo');
  await a.app.waitForSavedText('alpha');
  await b.app.waitForSavedText('bravo');
  await a.context.setOffline(false);
  await b.context.setOffline(false);
  await waitSynced(a, 30_000);
  await waitSynced(b, 30_000);
  await expect(a.app.editor.locator('.bn-inline-content')).toHaveText([FROM_A, BASE[1], FROM_B], { timeout: 10_000 });

  const text = await exportLog(a.page);
  const events = (JSON.parse(text) as { events: FileEvent[] }).events;
  const changes = events.flatMap((e, i) => (e.type === 'note.changed' ? [{ step: i + 1, device: e.device }] : []));
  expect(new Set(changes.map((c) => c.device)).size).toBe(2);

  // The file, chosen in the replay view of a browser that has no notes of its own.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await other.newPage();
  trackConsoleErrors(page);
  const viewer = new NotesPage(page);
  await viewer.open();
  await page.getByText('Event log', { exact: true }).click();
  await page.getByRole('button', { name: 'Replay event log' }).click();
  await expect(page.getByRole('heading', { name: 'Replay' })).toBeVisible();
  await page
    .getByLabel('Log file to replay')
    .setInputFiles({ name: 'two-devices.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByText(`two-devices.json: ${events.length} events`)).toBeVisible();

  const note = page.getByRole('region', { name: 'Selected note at this step' });
  /** The note's paragraphs at `step`, as the replay view shows them. */
  const paragraphsAt = async (step: number) => {
    await page.getByRole('slider', { name: 'Step' }).fill(String(step));
    await expect(page.getByLabel('Current step')).toHaveText(`Step ${step} of ${events.length}`);
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Event #\\d+ ${events[step - 1].type.replace('.', '\\.')}$`) }),
    ).toBeVisible();
    return note.locator('.bn-inline-content').allTextContents();
  };

  // Each change's step shows the note's text; the first offline edit shows alone, the other device's change merges into it.
  const edited = (p: string[]) => [p[0] !== BASE[0], p[2] !== BASE[2]];
  let single: { step: number; paragraphs: string[] } | null = null;
  let merged: { step: number; paragraphs: string[] } | null = null;
  for (const change of changes) {
    const paragraphs = await paragraphsAt(change.step);
    expect(paragraphs.length).toBeGreaterThan(0);
    if (paragraphs.length !== 3 || !paragraphs[0].startsWith(BASE[0]) || !paragraphs[2].startsWith(BASE[2])) continue;
    const [first, third] = edited(paragraphs);
    if (!single && (first || third)) {
      expect(first && third).toBe(false);
      single = { step: change.step, paragraphs };
    } else if (single && !merged && first && third) merged = { step: change.step, paragraphs };
  }
  expect(single).not.toBeNull();
  expect(merged).not.toBeNull();
  // The merge is a change of the other device than the first edit's.
  const deviceAt = (step: number) => events[step - 1].device;
  const singleDevice = deviceAt(single!.step);
  expect(deviceAt(merged!.step)).not.toBe(singleDevice);
  expect(merged!.paragraphs[1]).toBe(BASE[1]);
  // The last step shows both edits whole, as both devices do.
  expect(await paragraphsAt(changes.at(-1)!.step)).toEqual([FROM_A, BASE[1], FROM_B]);
  // Stepping back to the change before the merge shows one device's edit alone again.
  const before = changes.filter((c) => c.step < merged!.step).at(-1)!;
  expect(edited(await paragraphsAt(before.step)).filter(Boolean)).toHaveLength(1);

  expectNoConsoleErrors(page);
  for (const d of [a, b]) expectNoConsoleErrors(d.page, { allow: EXPECTED_NETWORK_ERRORS });
  await other.close();
  await a.context.close();
  await b.context.close();
});
