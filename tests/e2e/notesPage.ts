import { expect, type Page } from '@playwright/test';

/** Page helpers for the notes app: each names what a user does, in docs/product.md's words. */
export class NotesPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByRole('button', { name: 'New Note' })).toBeVisible();
  }

  get sidebar() {
    return this.page.getByRole('navigation', { name: 'Notes' });
  }

  get rows() {
    return this.page.locator('.note-list .note-row');
  }

  /** The row whose title is exactly `title`. */
  row(title: string) {
    const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.rows.filter({ has: this.page.locator('.note-row-title', { hasText: exact }) });
  }

  get editor() {
    return this.page.locator('.bn-editor');
  }

  get status() {
    return this.page.locator('.status-message');
  }

  /** New Note, type a title, Enter. */
  async createNote(title?: string) {
    await this.page.getByRole('button', { name: 'New Note' }).click();
    const field = this.page.getByRole('textbox', { name: 'Note title' });
    await expect(field).toBeFocused();
    if (title !== undefined) {
      await field.fill(title);
      await field.press('Enter');
      await expect(this.page.locator('.editor-title')).toHaveText(title);
    }
  }

  /**
   * Click the row titled `title` and wait until the editor shows that note and takes keys: its title in
   * the header, then (two frames later, once the switch's effect has run) the editor editable again.
   * A note whose document is not read yet is read-only for a moment (docs/architecture.md "Snapshots"),
   * and the old note's text stays in the editor until then: keys typed meanwhile would go nowhere.
   */
  async openNote(title: string) {
    await this.row(title).locator('.note-row-main').click();
    await expect(this.page.locator('.editor-title')).toHaveText(title);
    await this.settle();
    await expect(this.editor).toHaveAttribute('contenteditable', 'true');
  }

  /**
   * Put the caret at the end of the note and type. ProseMirror reads a caret move asynchronously
   * (after the next frame), so wait two frames before typing, or the first keys land at the old position.
   */
  async typeBody(text: string) {
    const last = this.editor.locator('.bn-inline-content').last();
    const box = await last.boundingBox();
    if (box) await last.click({ position: { x: Math.max(1, box.width - 2), y: box.height / 2 } });
    else await this.editor.click();
    await this.page.keyboard.press('Control+End');
    await this.settle();
    await this.page.keyboard.type(text);
  }

  /** Wait until the page has handled pending selection changes (two animation frames). */
  async settle() {
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }

  async waitForSaved() {
    await expect(this.status).toHaveText('Note saved!', { timeout: 6000 });
  }

  /**
   * Wait until a saved note body (`note_{id}` in localStorage) contains `text`: a save that went
   * through the log and the mirror. Unlike waitForSaved it cannot be satisfied by the previous
   * save's "Note saved!" still on screen.
   */
  async waitForSavedText(text: string) {
    await expect
      .poll(
        () =>
          this.page.evaluate(
            (t) => Object.keys(localStorage).some((k) => k.startsWith('note_') && localStorage.getItem(k)!.includes(t)),
            text,
          ),
        { timeout: 8000 },
      )
      .toBe(true);
  }

  /**
   * The app's localStorage keys. The app writes them in a task after each event (a MessageChannel
   * message, src/lib/scheduler.ts): one more message round trip first lets every write queued
   * before this call land, so a read right after an action sees it.
   */
  async localStorageKeys(): Promise<Record<string, string>> {
    return this.page.evaluate(async () => {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
      return Object.fromEntries(Object.entries(localStorage).filter(([k]) => !k.startsWith('notepad:')));
    });
  }

  /** The row titles, for web-first assertions: `await expect(app.rowTitleTexts).toHaveText([...])` waits for the list. */
  get rowTitleTexts() {
    return this.page.locator('.note-list .note-row-title');
  }

  async rowTitles(): Promise<string[]> {
    return this.rowTitleTexts.allTextContents();
  }
}
