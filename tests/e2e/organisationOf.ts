import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/*
 * A page's notebooks and tags as a person would check them (docs/product.md "Notebooks and tags"):
 * the event log exported through the sidebar and folded by `npm run replay -- --organisation`, with
 * each note named by its title.
 */

/** One notebook (its path of names, " / " between levels) or tag (its path) with its notes' titles, sorted. */
export type OrganisationShape = { notebooks: [string, string[]][]; tags: [string, string[]][] };

/** The log as *Export event log* downloads it. */
async function exportedLog(page: Page): Promise<string> {
  const menu = page.getByRole('button', { name: 'Export event log' });
  if (!(await menu.isVisible())) await page.getByText('Event log', { exact: true }).click();
  const download = page.waitForEvent('download');
  await menu.click();
  const text = readFileSync(await (await download).path(), 'utf8');
  return text;
}

/** The notebooks and tags of the page's notes, from its exported log, by note title. */
export async function organisationOf(page: Page): Promise<OrganisationShape> {
  const path = join(mkdtempSync(join(tmpdir(), 'notepad-organisation-')), 'log.json');
  writeFileSync(path, await exportedLog(page));
  const printed = execFileSync(
    join(process.cwd(), 'node_modules/.bin/tsx'),
    [join(process.cwd(), 'scripts/replay-log.ts'), path, '--organisation'],
    {
      encoding: 'utf8',
    },
  );
  const summary = JSON.parse(printed) as { notebooks: { path: string; notes: string[] }[]; tags: { path: string; notes: string[] }[] };
  const titles = new Map(
    (await page.evaluate(() => JSON.parse(localStorage.getItem('notes') ?? '[]') as { id: string; title: string }[])).map((n) => [
      n.id,
      n.title,
    ]),
  );
  const named = (entries: { path: string; notes: string[] }[]): [string, string[]][] =>
    entries.map((entry) => [entry.path, entry.notes.map((id) => titles.get(id) ?? id).sort()]);
  return { notebooks: named(summary.notebooks), tags: named(summary.tags) };
}
