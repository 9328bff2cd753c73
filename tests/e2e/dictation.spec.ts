import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectLogged, loggedEvents, openNewNote, toolbar } from './editorHelpers';

/**
 * A fake Web Speech API (the real one needs a microphone and Google's servers). The page's
 * recognizer is reachable as window.__speech: say(text, isFinal) and fail(error) drive it.
 */
const FAKE_SPEECH = () => {
  const w = window as unknown as Record<string, unknown> & { __speechLog: string[]; __speech: unknown };
  w.__speechLog = [];
  class FakeRecognition {
    continuous = false;
    interimResults = true;
    lang = '';
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    private results: unknown[] = [];
    start() {
      w.__speech = this;
      w.__speechLog.push(`start continuous=${this.continuous} interim=${this.interimResults}`);
    }
    stop() {
      w.__speechLog.push('stop');
      setTimeout(() => this.onend?.());
    }
    abort() {
      this.stop();
    }
    say(text: string, isFinal = true) {
      this.results.push(Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal }));
      this.onresult?.({ resultIndex: this.results.length - 1, results: this.results });
    }
    fail(error: string) {
      this.onerror?.({ error });
      this.onend?.();
    }
  }
  w.SpeechRecognition = FakeRecognition;
  w.webkitSpeechRecognition = FakeRecognition;
};

type SpeechWindow = { __speech: { say(text: string, isFinal?: boolean): void; fail(error: string): void }; __speechLog: string[] };

test.describe('voice dictation', () => {
  test('Start recording inserts each final result at the cursor followed by a space; Stop recording ends it', async ({ page }) => {
    await page.addInitScript(FAKE_SPEECH);
    const app = await openNewNote(page, 'Dictated');
    await app.typeBody('Typed ');
    const start = toolbar(page).getByRole('button', { name: 'Start recording' });
    await start.click();
    const stop = toolbar(page).getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as SpeechWindow).__speechLog)).toEqual(['start continuous=true interim=false']);
    await page.evaluate(() => {
      const speech = (window as unknown as SpeechWindow).__speech;
      speech.say('hello wor', false);
      speech.say(' hello world');
      speech.say('second part');
    });
    await expect(app.editor).toContainText('Typed hello world second part');
    await expect
      .poll(() =>
        app.editor
          .locator('.bn-inline-content')
          .first()
          .evaluate((el) => el.textContent),
      )
      .toBe('Typed hello world second part ');
    await stop.click();
    await expect(toolbar(page).getByRole('button', { name: 'Start recording' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as SpeechWindow).__speechLog.at(-1))).toBe('stop');
    await expectLogged(page, 'recording.started');
    await expectLogged(page, 'recording.stopped', { reason: 'user' });
    await app.waitForSaved();
    expectNoConsoleErrors(page);
  });

  test('a recognition error stops recording and is only logged to the console', async ({ page, pageProblems }) => {
    await page.addInitScript(FAKE_SPEECH);
    const app = await openNewNote(page, 'Mic trouble');
    await app.typeBody('Before ');
    await toolbar(page).getByRole('button', { name: 'Start recording' }).click();
    await expect(toolbar(page).getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await page.evaluate(() => (window as unknown as SpeechWindow).__speech.fail('network'));
    await expect(toolbar(page).getByRole('button', { name: 'Start recording' })).toBeVisible();
    await expectLogged(page, 'recording.stopped', { reason: 'error' });
    expect(pageProblems.consoleErrors.some((e) => e.includes('speech recognition error: network'))).toBe(true);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(app.editor).toContainText('Before');
  });

  test('without speech recognition the toggle only logs a console error', async ({ page, pageProblems }) => {
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).SpeechRecognition;
      delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
    });
    await openNewNote(page, 'No mic');
    const start = toolbar(page).getByRole('button', { name: 'Start recording' });
    await start.click();
    await expect.poll(() => pageProblems.consoleErrors.filter((e) => e.includes('speech recognition is not supported')).length).toBe(1);
    await expect(start).toBeVisible();
    await expect(toolbar(page).getByRole('button', { name: 'Stop recording' })).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await loggedEvents(page, 'recording.started')).toEqual([]);
    expectNoConsoleErrors(page, { allow: [/speech recognition is not supported/] });
  });

  test('switching to another note stops recording and logs why; text then goes nowhere', async ({ page }) => {
    await page.addInitScript(FAKE_SPEECH);
    const app = await openNewNote(page, 'First');
    await app.createNote('Second');
    await app.row('First').locator('.note-row-main').click();
    await expect(page.locator('.editor-title')).toHaveText('First');
    await toolbar(page).getByRole('button', { name: 'Start recording' }).click();
    await expect(toolbar(page).getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await app.row('Second').locator('.note-row-main').click();
    await expect(page.locator('.editor-title')).toHaveText('Second');
    await expect(toolbar(page).getByRole('button', { name: 'Start recording' })).toBeVisible();
    await expectLogged(page, 'recording.stopped', { reason: 'note-switch' });
    await page.evaluate(() => (window as unknown as SpeechWindow).__speech.say('lost words'));
    await expect(app.editor).not.toContainText('lost words');
  });
});
