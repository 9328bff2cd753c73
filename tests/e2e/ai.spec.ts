import { expect, expectNoConsoleErrors, test } from './fixtures';
import { startRecordingHost, type RecordingHost } from './functionsHost';
import { expectToast, recordToasts, toastTitled } from './editorHelpers';
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
 * The AI helpers in the app (docs/product.md "AI helpers", "Side panels", "Messages"): Summarize and the Note
 * Recap panel, Find resources and the AI-Suggested Resources panel, every message, and offline.
 * Each group starts the real host on the e2e build (recording the calls it receives) with the
 * default local provider. Untrusted answers and provider faults: aiFaults.spec.ts.
 */
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
    const toastsSeen = await recordToasts(page);
    await summarizeButton(page).click();
    await expect.poll(toastsSeen).toContainEqual({ title: 'No text selected', description: 'No text selected. Summarizing all content.' });
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
