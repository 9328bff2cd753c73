import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';

/** Page helpers of the AI helper specs (ai.spec.ts, aiFaults.spec.ts): a note to work on, the buttons and panels, what was stored. */

/** A note with enough sentences and names for both helpers. */
export const NOTE_TEXT =
  'The Apollo program landed twelve astronauts on the Moon between 1969 and 1972. ' +
  'NASA ran the program with a budget of about twenty-five billion dollars. ' +
  'Apollo 11 was the first mission to land, with Neil Armstrong and Buzz Aldrin. ' +
  'The program ended after Apollo 17 because of budget cuts. ' +
  'Its technology shaped later spaceflight and computing.';

export const isFunction = (name: string) => (r: Request) => new URL(r.url()).pathname === `/functions/v1/${name}`;

export const summarizeButton = (page: Page) => page.getByRole('button', { name: 'Summarize', exact: true });
export const resourcesButton = (page: Page) => page.getByRole('button', { name: 'Find resources', exact: true });
export const recapPanel = (page: Page) => page.getByRole('region', { name: 'Note Recap' });
export const resourcesPanel = (page: Page) => page.getByRole('region', { name: 'AI-Suggested Resources' });

/** Opens `url`, creates a note titled `title` with `text`, and waits until it is stored. */
export async function noteWith(page: Page, url: string, title: string, text: string): Promise<NotesPage> {
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
export async function noteState(notes: NotesPage) {
  const keys = await notes.localStorageKeys();
  const [entry] = JSON.parse(keys.notes) as { id: string }[];
  return { stored: keys[`note_${entry.id}`], shown: await notes.editor.innerText() };
}

/** The AI helpers' events in the log (IndexedDB `notepad-log`), oldest first, as "type" or "type:format". */
export async function aiEvents(page: Page): Promise<string[]> {
  return (await storedEvents(page))
    .filter((e) => /^(summary|recap|resources|ai)\./.test(e.type))
    .map((e) => [e.type, e.payload.format ?? e.payload.panel].filter(Boolean).join(':'));
}
