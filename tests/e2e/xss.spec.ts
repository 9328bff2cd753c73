import { expect, test } from '@playwright/test';
import { NotesPage } from './notesPage';
import { DANGEROUS_MARKUP_SCAN, XSS_HOOK, expectNothingRan, xssPayloads } from './xssCorpus';

const PAYLOADS = xssPayloads();
/** Payloads per note in the log-import test (there the markers of each note's first payload are checked). */
const PER_NOTE = 12;
const groups = Array.from({ length: Math.ceil(PAYLOADS.length / PER_NOTE) }, (_, i) => PAYLOADS.slice(i * PER_NOTE, (i + 1) * PER_NOTE));
const noteId = (i: number) => String(1700000000000 + i);

test.describe('no script in a note ever runs', () => {
  // The sanitizer must stop every payload on its own: with the CSP on, a miss would be blocked
  // and go unseen; with it off, a miss calls __hit. The CSP itself is checked below.
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(XSS_HOOK);
  });

  // One note per payload: a malformed payload may swallow markup after it, which is HTML, not a leak.
  for (const [half, slice] of [PAYLOADS.slice(0, PAYLOADS.length / 2), PAYLOADS.slice(PAYLOADS.length / 2)].entries()) {
    test(`payloads ${slice[0].id}-${slice.at(-1)!.id} of ${PAYLOADS.length} in notes the original app left in localStorage do not run, and their text survives`, async ({
      page,
    }) => {
      expect(PAYLOADS.length).toBeGreaterThanOrEqual(100);
      await page.goto('/seed-storage-first');
      await page.evaluate((payloads) => {
        localStorage.setItem(
          'notes',
          JSON.stringify(
            payloads.map((p) => ({ id: String(1700000000000 + p.id), title: `Hostile ${p.id}`, modified: new Date().toISOString() })),
          ),
        );
        for (const p of payloads) localStorage.setItem(`note_${1700000000000 + p.id}`, p.html);
      }, slice);
      const app = new NotesPage(page);
      await app.open();
      for (const p of slice) {
        await app.row(`Hostile ${p.id}`).locator('.note-row-main').click();
        await expect(app.editor).toContainText(p.marker);
      }
      const stored = await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => k.startsWith('note_'))
          .map(([, v]) => v),
      );
      expect(stored).toHaveLength(slice.length);
      expect(await page.evaluate(DANGEROUS_MARKUP_SCAN, stored)).toEqual([]);
      await expectNothingRan(page);
      expect(half).toBeLessThan(2);
    });
  }

  test('payloads in an imported event log (HTML bodies, link targets, image URLs) do not run in the editor or the replay view', async ({
    page,
  }) => {
    // Tall enough for every imported note's row at once (the list is virtualized: rows out of view are not in the page).
    await page.setViewportSize({ width: 1280, height: 1000 });
    const app = new NotesPage(page);
    await app.open();
    const now = Date.now();
    let seq = 0;
    const event = (type: string, payload: unknown) => ({
      v: 1,
      seq: ++seq,
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      at: new Date(now + seq).toISOString(),
      type,
      payload,
    });
    const events = groups.flatMap((group, i) => [
      event('note.created', { id: noteId(i), title: `Imported ${i}` }),
      event('note.body-saved', { id: noteId(i), html: group.map((p) => p.html).join('') }),
    ]);
    events.push(event('note.created', { id: noteId(99), title: 'Hostile blocks' }));
    events.push(
      event('note.body-saved', {
        id: noteId(99),
        html: '<p>SAFE-BLOCKS</p>',
        blocks: [
          {
            id: 'b1',
            type: 'paragraph',
            props: {},
            content: [
              { type: 'text', text: 'SAFE-BLOCKS ', styles: {} },
              { type: 'link', href: 'javascript:__hit(900)', content: [{ type: 'text', text: 'evil link', styles: {} }] },
            ],
            children: [],
          },
          { id: 'b2', type: 'image', props: { url: 'javascript:__hit(901)', name: 'x', caption: '', previewWidth: 100 }, children: [] },
        ],
      }),
    );
    const file = {
      format: 'notepad-event-log',
      version: 1,
      exportedAt: new Date().toISOString(),
      schemaVersion: 1,
      snapshot: null,
      events,
    };
    await page.getByText('Event log', { exact: true }).click();
    await page
      .getByLabel('Event log file')
      .setInputFiles({ name: 'hostile.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.getByRole('dialog', { name: 'Import event log' }).getByRole('button', { name: 'Import' }).click();
    await expect(app.rows).toHaveCount(groups.length + 1);
    for (const [i, group] of groups.entries()) {
      await app.row(`Imported ${i}`).locator('.note-row-main').click();
      await expect(app.editor).toContainText(group[0].marker);
    }
    await app.row('Hostile blocks').locator('.note-row-main').click();
    await expect(app.editor).toContainText('evil link');
    await expectNothingRan(page);

    await page.goto('/replay');
    await expect(page.getByText(/Current log: \d+ events/)).toBeVisible();
    for (const step of events.filter((e) => e.type === 'note.body-saved').map((e) => e.seq)) {
      await page.getByRole('slider', { name: 'Step' }).fill(String(step));
      await expect(page.getByRole('region', { name: 'Selected note at this step' })).toContainText('SAFE-');
    }
    await expectNothingRan(page);
  });
});

test('the served app sends a Content Security Policy without inline script, and the security headers', async ({ request }) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  // WebAssembly may compile (Argon2id at sign-in); JavaScript eval and inline script stay refused.
  expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives['connect-src']).toEqual(["'self'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
});
