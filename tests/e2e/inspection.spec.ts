import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { NotesPage } from './notesPage';

/**
 * Live inspection: with `?inspect` every actor (app shell, titleEditor, autosave,
 * recording, recap, resources) reports to the Stately inspector. The inspector opens a window on
 * stately.ai, unreachable here, so an init script stands in for that window: `window.open`
 * returns an object that records what the app posts to it and answers with the inspector's
 * "connected" handshake, as the real window does once loaded.
 */

interface Inspected {
  type: string;
  name?: string;
  sessionId?: string;
  definition?: string;
  event?: { type?: string };
}

const FAKE_INSPECTOR = () => {
  const w = window as unknown as { __opened: string[]; __inspected: unknown[] };
  w.__opened = [];
  w.__inspected = [];
  window.open = (url?: string | URL) => {
    w.__opened.push(String(url));
    setTimeout(() => window.postMessage({ type: '@statelyai.connected' }, '*'));
    return {
      postMessage: (message: unknown) => void w.__inspected.push(message),
      closed: false,
      close() {},
      focus() {},
    } as unknown as Window;
  };
};

const inspected = (page: Page) => page.evaluate(() => (window as unknown as { __inspected: Inspected[] }).__inspected);

/** Machine id by session id, from the inspector's actor announcements. */
function actorsBySession(messages: Inspected[]): Map<string, string> {
  const actors = new Map<string, string>();
  for (const m of messages) {
    if (m.type !== '@xstate.actor' || !m.sessionId) continue;
    const id = m.definition ? (JSON.parse(m.definition) as { id?: string }).id : undefined;
    actors.set(m.sessionId, id ?? m.name ?? '?');
  }
  return actors;
}

/** The event types each machine received, by machine id. */
function eventsByMachine(messages: Inspected[]): Record<string, string[]> {
  const actors = actorsBySession(messages);
  const out: Record<string, string[]> = {};
  for (const m of messages) {
    if (m.type !== '@xstate.event' || !m.sessionId || !actors.has(m.sessionId)) continue;
    (out[actors.get(m.sessionId)!] ??= []).push(m.event?.type ?? '');
  }
  return out;
}

test.describe('live inspection', () => {
  test('with ?inspect every actor reports its creation and its events to the Stately inspector', async ({ page }) => {
    await page.addInitScript(FAKE_INSPECTOR);
    const app = new NotesPage(page);
    await app.open('/?inspect');
    expect(await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual(['https://stately.ai/inspect']);

    await app.createNote('Inspected');
    await app.typeBody('The inspector sees this note being saved.');
    await app.waitForSaved();
    await page.getByRole('button', { name: 'Start recording' }).first().click();
    await page.getByRole('button', { name: 'Summarize' }).first().click();
    await page.getByRole('button', { name: 'Find resources' }).first().click();

    const machines = ['appShell', 'titleEditor', 'autosave', 'recording', 'recap', 'resources'];
    await expect
      .poll(async () => [...new Set(actorsBySession(await inspected(page)).values())].sort())
      .toEqual(expect.arrayContaining(machines.sort()));
    const expected: Record<string, string> = {
      appShell: 'xstate.done.actor',
      titleEditor: 'title.commit',
      autosave: 'editor.input',
      recording: 'recording.toggle',
      recap: 'recap.summarize',
      resources: 'resources.find',
    };
    await expect
      .poll(
        async () => {
          const events = eventsByMachine(await inspected(page));
          return Object.entries(expected)
            .filter(([machine, type]) => !(events[machine] ?? []).some((t) => t.startsWith(type)))
            .map(([m]) => m);
        },
        { message: 'machines whose events did not reach the inspector' },
      )
      .toEqual([]);
    // Snapshots flow too (the inspector draws the current state from them).
    const snapshots = (await inspected(page)).filter((m) => m.type === '@xstate.snapshot');
    const actors = actorsBySession(await inspected(page));
    for (const machine of ['autosave', 'titleEditor', 'appShell'])
      expect(
        snapshots.some((s) => actors.get(s.sessionId!) === machine),
        machine,
      ).toBe(true);
  });

  test('without ?inspect the inspector is neither loaded nor opened', async ({ page }) => {
    await page.addInitScript(FAKE_INSPECTOR);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const app = new NotesPage(page);
    await app.open('/');
    await app.createNote('Not inspected');
    await app.typeBody('quiet');
    await app.waitForSaved();
    expect(await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual([]);
    expect(await inspected(page)).toEqual([]);
    expect(requests.filter((url) => /stately|inspect/i.test(url))).toEqual([]);
  });
});
