import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Helpers for the import of notes from other apps (docs/product.md "Import notes"). */

const FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));

/** The path of a committed import fixture (tests/fixtures/import). */
export const fixturePath = (name: string) => FIXTURES + name;

/** A file to drop: its name, MIME type and bytes. */
export interface DroppedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A committed fixture as a file to drop. */
export function fixtureDrop(name: string, type = 'application/octet-stream'): DroppedFile {
  return { name, type, bytes: new Uint8Array(readFileSync(fixturePath(name))) };
}

/** Choose `files` (paths, or name and bytes) in the picker that *Import notes…* opens. */
export async function chooseFiles(page: Page, files: string[] | { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Import notes/ }).click();
  await (await chooser).setFiles(files);
}

/**
 * Drag `files` over `target` and drop them there, as the browser does for files from the desktop: a
 * DataTransfer made in the page holding the files, dragenter and dragover, then drop. With `drop:
 * false` the drag only hovers (to see the overlay). Returns whether the page took the drop.
 */
export async function dragFiles(target: Locator, files: DroppedFile[], options: { drop?: boolean } = {}): Promise<boolean> {
  const list = files.map((f) => ({ name: f.name, type: f.type, bytes: Array.from(f.bytes) }));
  return target.evaluate(
    (element, { list, drop }) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      const fire = (type: string) =>
        element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data, ...at }));
      fire('dragenter');
      fire('dragover');
      if (!drop) return false;
      return !fire('drop');
    },
    { list, drop: options.drop ?? true },
  );
}

/** The drop target's overlay. */
export const dropOverlay = (page: Page) => page.getByRole('status').filter({ hasText: 'Drop files to import them as notes' });

/**
 * Wait until notes may be changed and the import's layer (drop target, progress bar) is there:
 * hovering files over the sidebar shows the overlay. Leaves no overlay behind.
 */
export async function waitForDropTarget(page: Page, files: DroppedFile[]): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Notes' });
  await expect
    .poll(async () => {
      await dragFiles(sidebar, files, { drop: false });
      return dropOverlay(page).isVisible();
    })
    .toBe(true);
  await page.evaluate(() => document.dispatchEvent(new DragEvent('dragend', { bubbles: true })));
  await expect(dropOverlay(page)).toHaveCount(0);
}

/** The toast that says how an import ended (the newest one with `title`). */
export const toastTitled = (page: Page, title: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: title }).last();

/** The import's progress bar. */
export const importProgress = (page: Page) => page.getByRole('progressbar', { name: /^(Importing|Reading)/ });

/** The sources (modules, with their package paths) of each script at `urls`, from its source map; scripts without one are skipped. */
export function sourcesOf(page: Page, urls: string[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const sources: string[] = [];
    for (const url of list) {
      const response = await fetch(`${url}.map`);
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) continue;
      sources.push(...((await response.json()) as { sources: string[] }).sources);
    }
    return sources;
  }, urls);
}
