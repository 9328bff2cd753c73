import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request } from '@playwright/test';
import type { FunctionHandler } from '../../functions/_shared/http.ts';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { startRecordingHost, type RecordingHost } from './functionsHost';
import { NotesPage } from './notesPage';
import { XSS_HOOK, xssPayloads } from './xssCorpus';
import { storedEvents } from './storedEvents';
import { expectToast, toastTitled } from './editorHelpers';

/**
 * The AI helpers in the app (docs/product.md "AI helpers", "Side panels", "Messages"): Summarize and the Note
 * Recap panel, Find resources and the AI-Suggested Resources panel, every message, provider faults
 * and offline. Each group starts the real host on the e2e build (recording the
 * calls it receives): with the default local provider, with stand-in functions that answer what
 * the app must not trust, and with an OpenAI-compatible fake provider on 127.0.0.1 that fails.
 */
const NOTE_TEXT =
  'The Apollo program landed twelve astronauts on the Moon between 1969 and 1972. ' +
  'NASA ran the program with a budget of about twenty-five billion dollars. ' +
  'Apollo 11 was the first mission to land, with Neil Armstrong and Buzz Aldrin. ' +
  'The program ended after Apollo 17 because of budget cuts. ' +
  'Its technology shaped later spaceflight and computing.';

const isFunction = (name: string) => (r: Request) => new URL(r.url()).pathname === `/functions/v1/${name}`;

const summarizeButton = (page: Page) => page.getByRole('button', { name: 'Summarize', exact: true });
const resourcesButton = (page: Page) => page.getByRole('button', { name: 'Find resources', exact: true });
const recapPanel = (page: Page) => page.getByRole('region', { name: 'Note Recap' });
const resourcesPanel = (page: Page) => page.getByRole('region', { name: 'AI-Suggested Resources' });

/** Opens `url`, creates a note titled `title` with `text`, and waits until it is stored. */
async function noteWith(page: Page, url: string, title: string, text: string): Promise<NotesPage> {
  const notes = new NotesPage(page);
  await notes.open(url);
  await notes.createNote(title);
  if (text) {
    // One input event instead of a key per character: the tests are about the helpers, not typing.
    await notes.editor.click();
    await notes.settle();
    await page.keyboard.insertText(text);
    await expect.poll(async () => (await noteState(notes)).stored).toContain(text);
  }
  return notes;
}

/** The stored body of the selected (only) note, and what the editor shows. */
async function noteState(notes: NotesPage) {
  const keys = await notes.localStorageKeys();
  const [entry] = JSON.parse(keys.notes) as { id: string }[];
  return { stored: keys[`note_${entry.id}`], shown: await notes.editor.innerText() };
}

/** The AI helpers' events in the log (IndexedDB `notepad-log`), oldest first, as "type" or "type:format". */
async function aiEvents(page: Page): Promise<string[]> {
  return (await storedEvents(page))
    .filter((e) => /^(summary|recap|resources|ai)\./.test(e.type))
    .map((e) => [e.type, e.payload.format ?? e.payload.panel].filter(Boolean).join(':'));
}

test.describe('with the default local provider', () => {
  let host: RecordingHost;
  test.beforeAll(async () => {
    host = await startRecordingHost();
  });
  test.afterAll(async () => {
    await host?.close();
  });
  const summarizeBodies = () => host.callsOf('summarize').map((c) => c.body);
  test.beforeEach(() => {
    host.calls.length = 0;
  });
  test('Summarize and Find resources on an empty note say there is no content and send nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/functions\/v1\/(summarize|find-resources)$/.test(r.url())) calls.push(r.url());
    });
    await noteWith(page, host.url, 'Empty', '');
    await summarizeButton(page).click();
    await expectToast(page, 'No content', 'There is no text to summarize.');
    await resourcesButton(page).click();
    await expect(
      page.locator('[data-sonner-toast] [data-description]', { hasText: 'Please add some content to your note first.' }),
    ).toBeVisible();
    await expect(recapPanel(page)).toHaveCount(0);
    await expect(resourcesPanel(page)).toHaveCount(0);
    expect(calls).toEqual([]);
    expectNoConsoleErrors(page, { pageErrorsOnly: true });
  });

  test('with the caret in the note, Summarize says no text is selected and recaps the whole note', async ({ page }) => {
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    await expectToast(page, 'No text selected', 'No text selected. Summarizing all content.');
    const panel = recapPanel(page);
    await expect(panel.locator('.recap-note-title')).toHaveText('Apollo');
    await expect(panel.locator('.recap-text')).toContainText('Apollo');
    await expect(panel.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'true');
    await expect(summarizeButton(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('complementary', { name: 'AI helpers' })).toBeVisible();
    expect(summarizeBodies()).toEqual([{ text: NOTE_TEXT }]);
    expectNoConsoleErrors(page, { pageErrorsOnly: true });
  });

  test('with text selected, Summarize sends only the selection', async ({ page }) => {
    const notes = await noteWith(page, host.url, 'Two parts', 'This first paragraph stays out of the recap.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Only this second paragraph is summarized.');
    await page.keyboard.press('Shift+Home');
    await notes.settle();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('Only this second paragraph is summarized.');
    await summarizeButton(page).click();
    await expect(recapPanel(page).locator('.recap-text')).toHaveText('Only this second paragraph is summarized.');
    expect(summarizeBodies()).toEqual([{ text: 'Only this second paragraph is summarized.' }]);
    await expect(toastTitled(page, 'No text selected')).toHaveCount(0);
  });

  test('with no caret in the editor, Summarize recaps the whole note without the no-selection message', async ({ page }) => {
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    // After a reload the note is open but the caret is not in it.
    await notes.open(host.url);
    await expect(notes.editor).toContainText('Apollo 11');
    await summarizeButton(page).click();
    await expect(recapPanel(page).locator('.recap-text')).not.toBeEmpty();
    expect(summarizeBodies()).toEqual([{ text: NOTE_TEXT }]);
    await expect(toastTitled(page, 'No text selected')).toHaveCount(0);
  });

  test('switching to bullets asks once, says Format changed, and switching back restores the paragraph', async ({ page }) => {
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    const panel = recapPanel(page);
    const paragraph = panel.locator('.recap-text');
    await expect(paragraph).not.toBeEmpty();
    const paragraphText = await paragraph.innerText();

    await panel.getByRole('button', { name: 'Bullets' }).click();
    await expectToast(page, 'Format changed');
    await expect(panel.getByRole('button', { name: 'Bullets' })).toHaveAttribute('aria-pressed', 'true');
    const items = panel.locator('.recap-bullets li');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeGreaterThan(1);
    expect(summarizeBodies()).toEqual([{ text: NOTE_TEXT }, { text: NOTE_TEXT, format: 'bullets' }]);

    await panel.getByRole('button', { name: 'Paragraph' }).click();
    await expect(panel.locator('.recap-text')).toHaveText(paragraphText);
    await panel.getByRole('button', { name: 'Bullets' }).click();
    // Shown at once from the first answer: a second request would have reached the host before any bullets showed.
    await expect(items.first()).toBeVisible();
    expect(summarizeBodies()).toHaveLength(2);
    await expect
      .poll(() => aiEvents(page))
      .toEqual([
        'summary.requested:paragraph',
        'summary.received:paragraph',
        'summary.requested:bullets',
        'summary.received:bullets',
        'recap.format-changed:bullets',
        'recap.format-changed:paragraph',
        'recap.format-changed:bullets',
      ]);
  });

  test('Insert recap places the recap at the top of the note and the autosave saves it', async ({ page }) => {
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    const summary = recapPanel(page).locator('.recap-text');
    await expect(summary).not.toBeEmpty();
    const summaryText = await summary.innerText();

    await recapPanel(page).getByRole('button', { name: 'Insert recap' }).click();
    await expectToast(page, 'Recap inserted');
    const blocks = notes.editor.locator('.bn-block-content');
    await expect(blocks.nth(0)).toHaveText('Recap');
    await expect(blocks.nth(0)).toHaveAttribute('data-content-type', 'heading');
    await expect(blocks.nth(1)).toHaveText(summaryText);
    await expect(blocks.nth(2)).toHaveText(NOTE_TEXT);
    // The autosave stores it: the heading and the summary come before the note's text.
    await expect.poll(async () => (await noteState(notes)).stored).toContain('Recap</h3>');
    const { stored } = await noteState(notes);
    expect(stored.indexOf('Recap</h3>')).toBeLessThan(stored.indexOf(summaryText));
    expect(stored.lastIndexOf(summaryText)).toBeLessThan(stored.lastIndexOf(NOTE_TEXT));
    await expect.poll(() => aiEvents(page)).toEqual(['summary.requested:paragraph', 'summary.received:paragraph', 'recap.inserted']);
  });

  test('Insert recap in the bullets format inserts a bullet list', async ({ page }) => {
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    await recapPanel(page).getByRole('button', { name: 'Bullets' }).click();
    const items = recapPanel(page).locator('.recap-bullets li');
    await expect(items.first()).toBeVisible();
    const bullets = await items.allInnerTexts();
    await recapPanel(page).getByRole('button', { name: 'Insert recap' }).click();
    await expectToast(page, 'Recap inserted');
    await expect(notes.editor.locator('[data-content-type="bulletListItem"]')).toHaveText(bullets);
  });

  test('Find resources shows the panel with each resource as a safe link in a new tab', async ({ page }) => {
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    const answered = page.waitForResponse((r) => isFunction('find-resources')(r.request()));
    await resourcesButton(page).click();
    const { resources } = (await (await answered).json()) as { resources: { title: string; url: string; description: string }[] };
    const panel = resourcesPanel(page);
    await expect(panel.getByText('Relevant links and resources based on your note content')).toBeVisible();
    expect(resources.length).toBeGreaterThan(0);
    const links = panel.getByRole('link');
    await expect(links).toHaveCount(resources.length);
    for (const [i, resource] of resources.entries()) {
      const link = links.nth(i);
      await expect(link).toHaveAttribute('href', new URL(resource.url).href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toContainText(resource.title);
      await expect(link).toContainText(resource.url);
      if (resource.description) await expect(panel.locator('.resource-description').nth(i)).toHaveText(resource.description);
    }
    await expect.poll(() => aiEvents(page)).toEqual(['resources.requested', 'resources.received']);
    expectNoConsoleErrors(page, { pageErrorsOnly: true });
  });

  test('both panels close with their close buttons, and switching notes closes them', async ({ page }) => {
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    await resourcesButton(page).click();
    await expect(recapPanel(page).locator('.recap-text')).not.toBeEmpty();
    await expect(resourcesPanel(page).getByRole('link').first()).toBeVisible();
    await page.getByRole('button', { name: 'Close Note Recap' }).click();
    await expect(recapPanel(page)).toHaveCount(0);
    await expect(resourcesPanel(page)).toBeVisible();
    await page.getByRole('button', { name: 'Close AI-Suggested Resources' }).click();
    await expect(page.getByRole('complementary', { name: 'AI helpers' })).toHaveCount(0);
    await expect
      .poll(async () => (await aiEvents(page)).filter((e) => e.startsWith('ai.')))
      .toEqual(['ai.panel-closed:recap', 'ai.panel-closed:resources']);

    await summarizeButton(page).click();
    await expect(recapPanel(page)).toBeVisible();
    await notes.createNote('Other');
    await expect(recapPanel(page)).toHaveCount(0);
  });

  test('offline, the helpers say so instead of failing silently, send nothing, and Retry works once back online', async ({
    page,
    context,
  }) => {
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    const before = await noteState(notes);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/functions\/v1\/(summarize|find-resources)$/.test(r.url())) calls.push(r.url());
    });
    await context.setOffline(true);
    await summarizeButton(page).click();
    await expectToast(
      page,
      "You're offline",
      "The AI helpers need a connection. Your note is unchanged; try again when you're back online.",
    );
    await expect(recapPanel(page)).toContainText("You're offline.");
    await resourcesButton(page).click();
    await expect(resourcesPanel(page)).toContainText("You're offline.");
    expect(calls).toEqual([]);
    expect(await noteState(notes)).toEqual(before);

    await context.setOffline(false);
    await recapPanel(page).getByRole('button', { name: 'Retry' }).click();
    await expect(recapPanel(page).locator('.recap-text')).not.toBeEmpty();
    await resourcesPanel(page).getByRole('button', { name: 'Retry' }).click();
    await expect(resourcesPanel(page).getByRole('link').first()).toBeVisible();
  });
});

test.describe('a functions host that cannot be reached', () => {
  test('the helpers say they are offline', async ({ page }) => {
    const host = await startRecordingHost();
    let closed = false;
    try {
      const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
      await host.close();
      closed = true;
      const before = await noteState(notes);
      await resourcesButton(page).click();
      await expectToast(page, "You're offline");
      await expect(resourcesPanel(page)).toContainText("You're offline.");
      expect(await noteState(notes)).toEqual(before);
    } finally {
      if (!closed) await host.close();
    }
  });
});

test.describe('answers the app must not trust', () => {
  // Without the CSP, a payload that reached the DOM as markup would really run and be recorded by XSS_HOOK.
  test.use({ bypassCSP: true });
  let host: RecordingHost;
  /** What the fake find-resources and summarize functions answer next. */
  let answer: { resources: unknown; summary: unknown } = { resources: {}, summary: {} };
  const json = (body: unknown): Response =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

  test.beforeAll(async () => {
    // The real host and build; only these two functions are replaced by hostile stand-ins.
    const functions: Record<string, FunctionHandler> = {
      'find-resources': async () => json(answer.resources),
      summarize: async () => json(answer.summary),
      'track-app-usage': async () => new Response(null, { status: 204 }),
    };
    host = await startRecordingHost({ functions });
  });
  test.afterAll(async () => {
    await host?.close();
  });

  test('resource URLs other than http(s) never become links, and titles and descriptions stay text', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.addInitScript(XSS_HOOK);
    const hostile = [
      'javascript:alert(1)',
      'JAVASCRIPT:window.__xss=1',
      ' javascript:alert(2)',
      'data:text/html,<script>alert(3)</script>',
      'vbscript:msgbox(4)',
      '//evil.example/x',
      'not a url',
    ];
    answer = {
      summary: {},
      resources: {
        resources: [
          { title: 'Safe one', url: 'https://en.wikipedia.org/wiki/Apollo_program', description: 'Encyclopedia article' },
          ...hostile.map((url, i) => ({
            title: `Hostile ${i} <img src=x onerror="__hit(${i})">`,
            url,
            description: `<svg onload="__hit(${i})">desc ${i}`,
          })),
        ],
      },
    };
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await resourcesButton(page).click();
    const panel = resourcesPanel(page);
    await expect(panel.locator('.resource')).toHaveCount(hostile.length + 1);
    await expect(panel.getByRole('link')).toHaveCount(1);
    await expect(panel.getByRole('link')).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Apollo_program');
    await expect(panel.locator('[href]')).toHaveCount(1);
    await expect(panel.locator('img, svg, script')).toHaveCount(0);
    await expect(panel.getByText('Hostile 0 <img src=x onerror="__hit(0)">')).toBeVisible();
    await expect(panel.getByText('<svg onload="__hit(0)">desc 0')).toBeVisible();
    // Clicking a resource that is not a link goes nowhere.
    await panel.locator('.resource-link.unlinked').first().click();
    expect(page.url()).toBe(host.url);
    expect(await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits)).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test('the XSS corpus as resource titles, URLs and descriptions runs nothing and keeps its text', async ({ page }) => {
    await page.addInitScript(XSS_HOOK);
    const payloads = xssPayloads();
    // Each payload's call also goes into the URL, in the script-URL spellings a provider could send.
    const urlFor = (id: number, call: string) =>
      [`javascript:${call}`, `  JaVaScRiPt:${call}`, `data:text/html,<script>${call}</script>`, `vbscript:${call}`, `java\tscript:${call}`][
        id % 5
      ];
    answer = {
      summary: {},
      resources: {
        resources: payloads.map((p) => ({ title: p.html, url: urlFor(p.id, `__hit(${p.id})`), description: `${p.marker} ${p.html}` })),
      },
    };
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await resourcesButton(page).click();
    const panel = resourcesPanel(page);
    await expect(panel.locator('.resource')).toHaveCount(payloads.length);
    await expect(panel.locator('[href], [src], [srcdoc], [action], [formaction]')).toHaveCount(0);
    expect(
      await panel.evaluate((el) => el.querySelectorAll('script, iframe, object, embed, img, svg, math, style, form, input').length),
    ).toBe(0);
    const text = await panel.innerText();
    for (const p of payloads) expect(text).toContain(p.marker);
    await panel.locator('.resource-link.unlinked').nth(0).click();
    await panel.locator('.resource-link.unlinked').nth(3).click();
    // Let zero-delay timers (the setTimeout payloads) run before reading the record.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
    expect(await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits)).toEqual([]);
    expect(page.url()).toBe(host.url);
  });

  test('an answer without a resources list fails with the SPEC message, and the note is unchanged', async ({ page }) => {
    answer = { resources: { results: [] }, summary: {} };
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    const before = await noteState(notes);
    await resourcesButton(page).click();
    await expectToast(page, 'Failed to find resources. Please try again.');
    await expect(resourcesPanel(page)).toContainText('Failed to find resources. Please try again.');
    await expect(resourcesPanel(page).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await noteState(notes)).toEqual(before);

    answer = { resources: { resources: [] }, summary: {} };
    await resourcesPanel(page).getByRole('button', { name: 'Retry' }).click();
    await expect(resourcesPanel(page)).toContainText('No resources found for the current content.');
  });

  test('a summary answer without a summary fails with the SPEC message', async ({ page }) => {
    answer = { resources: { resources: [] }, summary: { text: 'no summary field' } };
    const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    const before = await noteState(notes);
    await summarizeButton(page).click();
    await expectToast(page, 'Error', 'Failed to generate summary. Please try again.');
    await expect(recapPanel(page)).toContainText('Failed to generate summary. Please try again.');
    await expect(recapPanel(page).getByRole('button', { name: 'Insert recap' })).toHaveCount(0);
    expect(await noteState(notes)).toEqual(before);
  });
});

test.describe('provider faults (an OpenAI-compatible provider on 127.0.0.1)', () => {
  type Mode = 'ok' | 'hang' | 'reset' | '500' | 'garbage';
  let mode: Mode = 'ok';
  let provider: Server;
  let host: RecordingHost;
  const PROVIDER_TIMEOUT_MS = 1500;

  test.beforeAll(async () => {
    provider = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (mode === 'hang') return; // Never answers: the host's provider timeout must end it.
        if (mode === 'reset') return req.socket.destroy();
        if (mode === '500') {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          return res.end('{"error":{"message":"internal"}}');
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (mode === 'garbage') return res.end('{"choices": [ this is not json');
        res.end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'The fake provider summary of the Moon landings.' } }] }),
        );
      });
    });
    await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
    host = await startRecordingHost({
      env: {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: providerUrl,
        LLM_API_KEY: 'test',
        LLM_MODEL: 'fake',
        LLM_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      },
    });
  });
  test.afterAll(async () => {
    await host?.close();
    provider?.closeAllConnections();
    await new Promise<void>((done) => (provider ? provider.close(() => done()) : done()));
  });

  for (const fault of ['hang', 'reset', '500', 'garbage'] as const) {
    test(`a provider that ${fault === '500' ? 'answers 500' : fault === 'garbage' ? 'answers garbage' : fault + 's'}: Summarize shows the SPEC error and the note is unchanged`, async ({
      page,
    }) => {
      mode = 'ok';
      const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
      const before = await noteState(notes);
      mode = fault;
      const answered = page.waitForResponse((r) => isFunction('summarize')(r.request()));
      await summarizeButton(page).click();
      if (fault === 'hang') {
        await expect(summarizeButton(page)).toHaveAttribute('aria-busy', 'true');
        await expect(recapPanel(page)).toContainText('Summarizing…');
      }
      expect((await answered).status()).toBe(fault === 'hang' ? 504 : 502);
      await expectToast(page, 'Error', 'Failed to generate summary. Please try again.');
      await expect(recapPanel(page)).toContainText('Failed to generate summary. Please try again.');
      await expect(summarizeButton(page)).not.toHaveAttribute('aria-busy', 'true');
      expect(await noteState(notes)).toEqual(before);
      await expect.poll(() => aiEvents(page)).toEqual(['summary.requested:paragraph', 'summary.failed:paragraph']);

      mode = 'ok';
      await recapPanel(page).getByRole('button', { name: 'Retry' }).click();
      await expect(recapPanel(page).locator('.recap-text')).toHaveText('The fake provider summary of the Moon landings.');
      expect(await noteState(notes)).toEqual(before);
    });
  }

  for (const fault of ['hang', 'reset', '500'] as const) {
    test(`a provider that ${fault === '500' ? 'answers 500' : fault + 's'}: Find resources shows the SPEC error and the note is unchanged`, async ({
      page,
    }) => {
      mode = 'ok';
      const notes = await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
      const before = await noteState(notes);
      mode = fault;
      await resourcesButton(page).click();
      if (fault === 'hang') await expect(resourcesButton(page)).toHaveAttribute('aria-busy', 'true');
      await expectToast(page, 'Failed to find resources. Please try again.');
      await expect(resourcesPanel(page)).toContainText('Failed to find resources. Please try again.');
      expect(await noteState(notes)).toEqual(before);
      await expect.poll(() => aiEvents(page)).toEqual(['resources.requested', 'resources.failed']);
    });
  }

  test('a provider answering garbage to Find resources: the host falls back to local links, shown as safe links', async ({ page }) => {
    mode = 'garbage';
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await resourcesButton(page).click();
    const links = resourcesPanel(page).getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(href).toMatch(/^https:\/\//);
  });

  test('a failed bullet conversion says so and keeps the paragraph recap', async ({ page }) => {
    mode = 'ok';
    await noteWith(page, host.url, 'Apollo', NOTE_TEXT);
    await summarizeButton(page).click();
    const panel = recapPanel(page);
    await expect(panel.locator('.recap-text')).toHaveText('The fake provider summary of the Moon landings.');
    mode = '500';
    await panel.getByRole('button', { name: 'Bullets' }).click();
    await expectToast(page, 'Failed to convert to bullet points. Please try again.');
    await expect(panel.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.locator('.recap-text')).toHaveText('The fake provider summary of the Moon landings.');
    await expect(toastTitled(page, 'Format changed')).toHaveCount(0);
  });
});
