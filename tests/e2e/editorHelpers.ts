import { expect, type Page } from '@playwright/test';
import { NotesPage } from './notesPage';
import { storedEvents } from './storedEvents';

/** Helpers for the editor toolbar, header, dictation and paste specs. */

/** Open the app and create a note titled `title`; returns the page object. */
export async function openNewNote(page: Page, title: string): Promise<NotesPage> {
  const app = new NotesPage(page);
  await app.open();
  await app.createNote(title);
  return app;
}

export const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting and note tools' });
export const header = (page: Page) => page.locator('.editor-header');

/** The events of `type` in the IndexedDB log, oldest first, as `{ type, payload }`. */
export async function loggedEvents(
  page: Page,
  type?: string,
): Promise<{ type: string; payload: Record<string, unknown>; blocksJson?: string }[]> {
  return (await storedEvents(page))
    .filter((e) => !type || e.type === type)
    .map(({ type: t, payload, blocksJson }) => ({ type: t, payload, blocksJson }));
}

/** Whether `e` saves a note's text: a whole body or a change (docs/architecture.md "Saves as changes"). */
export const isSave = (e: { type: string }) => e.type === 'note.body-saved' || e.type === 'note.changed';

/**
 * The HTML a save carries: a whole body's, or the HTML of the blocks a change carries, joined (in a
 * stored record a change's blocks are the JSON text `blocksJson`).
 */
export function savedHtml(e: { type: string; payload: Record<string, unknown>; blocksJson?: unknown }): string {
  if (e.type === 'note.changed') {
    const blocks = typeof e.blocksJson === 'string' ? (JSON.parse(e.blocksJson) as unknown) : e.payload.blocks;
    return ((blocks ?? []) as { html: string }[]).map((b) => b.html).join('');
  }
  return typeof e.payload.html === 'string' ? e.payload.html : '';
}

/** Wait until the log holds a save (a whole body or a change) of a note. */
export async function expectSaved(page: Page) {
  await expect.poll(async () => (await loggedEvents(page)).some(isSave), { message: 'a save in the log' }).toBe(true);
}

/** Wait until the log holds an event of `type` whose payload contains `payload`. */
export async function expectLogged(page: Page, type: string, payload: Record<string, unknown> = {}) {
  await expect
    .poll(
      async () =>
        (await loggedEvents(page, type)).some((e) =>
          Object.entries(payload).every(([k, v]) => JSON.stringify(e.payload[k]) === JSON.stringify(v)),
        ),
      {
        message: `${type} ${JSON.stringify(payload)} in the log`,
      },
    )
    .toBe(true);
}

/** The toasts (sonner) whose title is exactly `title`. */
export const toastTitled = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });

/** Waits for the toast titled exactly `title` (and its `description`, when given); returns it. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastTitled(page, title).first();
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast.locator('[data-description]')).toHaveText(description);
  return toast;
}

/**
 * Start recording every toast the page shows from now on (title and description, in order), and return a reader
 * of the record. A short toast on a busy machine can show and close between two looks of `expectToast`; the
 * record keeps that it was shown.
 */
export async function recordToasts(page: Page): Promise<() => Promise<{ title: string; description: string }[]>> {
  await page.evaluate(() => {
    const seen: { title: string; description: string }[] = [];
    const known = new WeakSet<Element>();
    const look = () => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const title = toast.querySelector('[data-title]')?.textContent ?? '';
        if (known.has(toast) || !title) continue;
        known.add(toast);
        seen.push({ title, description: toast.querySelector('[data-description]')?.textContent ?? '' });
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __toastsSeen: typeof seen }).__toastsSeen = seen;
  });
  return () => page.evaluate(() => (window as unknown as { __toastsSeen: { title: string; description: string }[] }).__toastsSeen);
}

/** Select the first occurrence of `text` in the note body, and wait until the editor has read the selection. */
export async function selectText(app: NotesPage, text: string, endText?: string) {
  await app.page.evaluate(
    ({ text, endText }) => {
      const root = document.querySelector<HTMLElement>('.bn-editor')!;
      root.focus();
      const find = (needle: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent!.indexOf(needle);
          if (i >= 0) return { node: n, i };
        }
        throw new Error(`text not found: ${needle}`);
      };
      const start = find(text);
      const end = endText ? find(endText) : start;
      const range = document.createRange();
      range.setStart(start.node, start.i);
      range.setEnd(end.node, end.i + (endText ?? text).length);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    { text, endText },
  );
  await app.settle();
  if (!endText) await expect.poll(() => app.page.evaluate(() => getSelection()?.toString())).toBe(text);
  await app.settle();
}

/**
 * The text the editor itself holds as selected (not the page's DOM selection, which ProseMirror
 * reads a moment later): each selected range (each cell of a cell selection) in document order,
 * blocks as lines, '' for a caret. Reads the ProseMirror state through the editor object tiptap
 * keeps on the editable root.
 */
export async function editorSelectedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    type Range = { $from: { pos: number }; $to: { pos: number } };
    type State = { doc: { textBetween(from: number, to: number, block: string): string }; selection: { ranges: Range[] } };
    const { state } = (document.querySelector('.bn-editor') as unknown as { editor: { state: State } }).editor;
    return [...state.selection.ranges]
      .sort((a, b) => a.$from.pos - b.$from.pos)
      .map((r) => state.doc.textBetween(r.$from.pos, r.$to.pos, '\n'))
      .filter(Boolean)
      .join('\n');
  });
}

/**
 * Collapse the selection to its end and wait until the editor has read it, so BlockNote's floating
 * toolbar (shown under a selection) is gone before the next click.
 */
export async function collapseSelection(app: NotesPage) {
  await app.page.evaluate(() => getSelection()?.collapseToEnd());
  await app.settle();
  await expect(app.page.locator('.bn-formatting-toolbar')).toHaveCount(0);
}

/** The stored HTML (`note_{id}`) of the selected note, once saved. */
export async function storedBody(app: NotesPage): Promise<string> {
  return app.page.evaluate(() => {
    const notes = JSON.parse(localStorage.getItem('notes') ?? '[]') as { id: string; title: string }[];
    const title = document.querySelector('.editor-title')?.textContent;
    const note = notes.find((n) => n.title === title);
    return note ? (localStorage.getItem(`note_${note.id}`) ?? '') : '';
  });
}

/** A PNG of `width` x `height` px drawn in the page (a red box with a blue corner). */
export async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const c = canvas.getContext('2d')!;
      c.fillStyle = '#e11d48';
      c.fillRect(0, 0, width, height);
      c.fillStyle = '#2563eb';
      c.fillRect(0, 0, width / 4, height / 4);
      return canvas.toDataURL('image/png').split(',')[1];
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** Type `text` at the end of paragraph `index` (0-based) of the note `app` shows. */
export async function typeInParagraph(device: { page: Page; app: NotesPage }, index: number, text: string): Promise<void> {
  const paragraph = device.app.editor.locator('.bn-inline-content').nth(index);
  const box = await paragraph.boundingBox();
  await paragraph.click({ position: { x: Math.max(1, (box?.width ?? 4) - 2), y: (box?.height ?? 4) / 2 } });
  await device.page.keyboard.press('End');
  await device.app.settle();
  await device.page.keyboard.type(text);
}
