import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FunctionHandler } from '../../functions/_shared/http.ts';
import { expect, test } from './fixtures';
import { startRecordingHost, type RecordingHost } from './functionsHost';
import { XSS_HOOK, xssPayloads } from './xssCorpus';
import { expectToast, toastTitled } from './editorHelpers';
import {
  NOTE_TEXT,
  isFunction,
  summarizeButton,
  resourcesButton,
  recapPanel,
  resourcesPanel,
  noteWith,
  noteState,
  aiEvents,
} from './aiPage';

/**
 * The AI helpers when what answers them fails or lies (docs/product.md "AI helpers", "Messages"): stand-in
 * functions that answer what the app must not trust, and an OpenAI-compatible fake provider on 127.0.0.1
 * that hangs, resets or answers garbage. Each group starts the real host on the e2e build.
 */
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

  test('an answer without a resources list fails with the product’s failure message, and the note is unchanged', async ({ page }) => {
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

  test('a summary answer without a summary fails with the product’s failure message', async ({ page }) => {
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
    test(`a provider that ${fault === '500' ? 'answers 500' : fault === 'garbage' ? 'answers garbage' : fault + 's'}: Summarize shows the product's failure message and the note is unchanged`, async ({
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
    test(`a provider that ${fault === '500' ? 'answers 500' : fault + 's'}: Find resources shows the product's failure message and the note is unchanged`, async ({
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
