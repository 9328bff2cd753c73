import { expect, type Page } from '@playwright/test';
import { NotesPage } from './notesPage';
import { addStoredRecords } from './storedEvents';

/** One event to seed: its type and payload (the envelope is made here, at the current schema version). */
export interface SeedEvent {
  type: string;
  payload: Record<string, unknown>;
}

let seeded = 0;
/** A stored record of `event` at schema version 4, a second apart from the one before. */
const record = (event: SeedEvent) => {
  seeded += 1;
  return {
    v: 4,
    id: `00000000-0000-4000-8000-${String(seeded).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 10, 20, 9, 0, seeded)).toISOString(),
    ...event,
  };
};

/** Notes (by title; ids from a fixed time) as `note.created` events. */
export const notesTitled = (titles: string[]): SeedEvent[] =>
  titles.map((title, i) => ({ type: 'note.created', payload: { id: String(1_700_000_000_000 + i), title } }));

/** The note id `notesTitled` gives the title at `index`. */
export const noteIdAt = (index: number) => String(1_700_000_000_000 + index);

/**
 * Open the app with `events` in its log, as a person's earlier sessions left it: the app makes its
 * database, the events are stored beside what it wrote, and the page is loaded again to fold them.
 */
export async function openWith(page: Page, events: SeedEvent[]): Promise<OrganisePage> {
  const app = new OrganisePage(page);
  await app.open();
  await addStoredRecords(page, events.map(record));
  await page.reload();
  await expect(page.getByRole('button', { name: 'New Note' })).toBeVisible();
  await app.waitUntilLive();
  return app;
}

/** Page helpers for notebooks and tags (docs/product.md "Notebooks and tags"), in the product's words. */
export class OrganisePage extends NotesPage {
  tree(name: 'Notebooks' | 'Tags') {
    return this.page.getByRole('tree', { name });
  }

  /** The tree item named exactly `name` in tree `tree`. */
  item(tree: 'Notebooks' | 'Tags', name: string) {
    return this.tree(tree).getByRole('treeitem', { name, exact: true });
  }

  get chips() {
    return this.page.getByRole('group', { name: 'Filter' });
  }

  /** The titles of the note list, top to bottom. */
  listTitles() {
    return this.page.locator('.note-list .note-row-title').allInnerTexts();
  }

  /** Wait until the trees show their counts and answer keys (their code loads after start-up; until then the views are busy). */
  async waitUntilLive() {
    await expect(this.page.locator('nav.sidebar[inert]')).toHaveCount(0);
    await expect(this.page.locator('.organise-nav')).not.toHaveAttribute('aria-busy');
  }

  /** Open the ⋯ menu of a tree item and choose `choice` ("Rename…", "Move to…", ...). */
  async menu(tree: 'Notebooks' | 'Tags', name: string, choice: string) {
    const item = this.item(tree, name);
    await item.hover();
    await item.getByRole('button', { name: `More actions for ${name.split('/').pop()}` }).click();
    await this.page.getByRole('menuitem', { name: choice }).click();
  }

  /** The open dialog. */
  get dialog() {
    return this.page.getByRole('dialog');
  }

  /** The newest toast titled `title` (sonner lists the newest first). */
  toast(title: string) {
    return this.page
      .locator('[data-sonner-toast]')
      .filter({ has: this.page.locator('[data-title]').getByText(title, { exact: true }) })
      .first();
  }

  /** Choose *Undo* on the newest toast titled `title`. */
  async undo(title: string) {
    await this.toast(title).getByRole('button', { name: 'Undo' }).click();
  }
}
