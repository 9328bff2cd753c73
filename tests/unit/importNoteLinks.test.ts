// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../src/events/eventLog';
import { blockLinkTargets } from '../../src/projections/noteLinks/linkIndex';
import { bodyBlocks } from '../../src/projections/notesState';
import { zipOf, type ZipEntrySpec } from '../fixtures/import/samples';
import { fileOf, fixtureFile, importFiles, openLog } from './importHarness';

/*
 * Links between notes through the whole import (docs/product.md "Import notes", docs/architecture.md
 * "Links between notes"): every form a vault or a Notion export writes becomes a link to the note's id,
 * also to a note read later; a link to no note of the import finds a note already in NotePad by its
 * title, else stays text.
 */

/** A zip made with Node's Blob: jsdom's cannot go through the streams zip.js writes with. */
async function nodeZipOf(entries: ZipEntrySpec[]): Promise<Uint8Array> {
  const jsdomBlob = globalThis.Blob;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  try {
    return await zipOf(entries);
  } finally {
    globalThis.Blob = jsdomBlob;
  }
}

/** The titles each note (by title) links to, in document order; notes without links left out. */
function linkGraph(log: EventLog, ids = log.state.notes.order): Record<string, string[]> {
  const { meta, bodies } = log.state.notes;
  const graph: Record<string, string[]> = {};
  for (const id of ids) {
    const targets = blockLinkTargets(bodyBlocks(bodies[id]) ?? []);
    if (targets.length) graph[meta[id].title] = targets.map((target) => meta[target]?.title ?? `missing ${target}`);
  }
  return graph;
}

const idTitled = (log: EventLog, title: string, ids = log.state.notes.order) => ids.find((id) => log.state.notes.meta[id].title === title)!;

describe('an imported vault keeps its links between notes', () => {
  it('links every form to its note, forward and back, and a link to no note of the vault to the note of that title in NotePad', async () => {
    const log = await openLog();
    await log.append('note.created', { id: '1600000000000', title: 'Reading list' });
    await log.append('note.created', { id: '1600000000001', title: 'Budget' });
    const outcome = await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    expect(outcome).toMatchObject({ kind: 'imported', imported: 7 });
    const imported = log.state.notes.order.filter((id) => !id.startsWith('160000000000'));
    expect(linkGraph(log, imported)).toEqual({
      // Read first: its link goes forward to a note read later.
      '2024-03-05': ['Launch plan'],
      Budget: ['Launch plan'],
      'Launch plan': ['Budget', 'Start here'],
      'Markdown links': ['Budget', 'Old idea', 'Start here'],
      'Old idea': ['Start here', 'Budget', 'Markdown links'],
      'Start here': ['Launch plan', 'Budget', 'Old idea', 'Markdown links', 'Reading list'],
    });
    const budget = idTitled(log, 'Budget', imported);
    expect(blockLinkTargets(bodyBlocks(log.state.notes.bodies[idTitled(log, 'Old idea')])!)).toContain(budget);
    // Ids are still creation times.
    expect(idTitled(log, 'Old idea')).toBe(String(Date.UTC(2021, 4, 6)));
    const start = log.state.notes.bodies[idTitled(log, 'Start here')].html;
    expect(start).toContain('not written yet: Someday plan; already in NotePad');
    for (const id of log.state.notes.order) expect(log.state.notes.bodies[id]?.html ?? '').not.toMatch(/import-(note|title):/);
  });

  it('links from a table cell and a list item', async () => {
    const log = await openLog();
    await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
    const blocks = (id: string) => bodyBlocks(log.state.notes.bodies[id]) as { type: string }[];
    const table = blocks(idTitled(log, 'Budget')).find((block) => block.type === 'table')!;
    expect(blockLinkTargets([table])).toEqual([idTitled(log, 'Launch plan')]);
    const items = blocks(idTitled(log, 'Old idea')).filter((block) => block.type === 'bulletListItem');
    expect(blockLinkTargets(items)).toEqual([idTitled(log, 'Budget'), idTitled(log, 'Markdown links')]);
  });
});

describe('other exports keep their links between notes', () => {
  it('links the pages of a Notion export by their URL-encoded paths with ids, up and down the tree', async () => {
    const log = await openLog();
    await importFiles(log, [fixtureFile('notion-workspace.zip')]);
    expect(linkGraph(log)).toEqual({
      Travel: ['Japan 2024'],
      'Japan 2024': ['Kyoto'],
      Kyoto: ['Travel'],
      'Loose ideas': ['Kyoto'],
    });
    // The link to the database's CSV is no note: it stays text.
    expect(log.state.notes.bodies[idTitled(log, 'Travel')].html).toContain('>Reading list</p>');
  });

  it('links Markdown files chosen together, and keeps each zip’s links inside that zip', async () => {
    const log = await openLog();
    const vault = (name: string) =>
      nodeZipOf([
        { path: `${name}/.obsidian/app.json`, data: '{}' },
        { path: `${name}/Plan.md`, data: `The plan of ${name}.` },
        { path: `${name}/Home.md`, data: 'See [[Plan]].' },
      ]);
    const outcome = await importFiles(log, [
      fileOf('one.zip', await vault('One')),
      fileOf('two.zip', await vault('Two')),
      fileOf('a.md', 'To [[b]]'),
      fileOf('b.md', 'Back to [a](a.md)'),
    ]);
    expect(outcome).toMatchObject({ kind: 'imported', imported: 6 });
    const { notes } = log.state;
    const homes = notes.order.filter((id) => notes.meta[id].title === 'Home');
    const plans = homes.map((id) => blockLinkTargets(bodyBlocks(notes.bodies[id])!)[0]);
    expect(plans.map((id) => notes.bodies[id].html!.match(/The plan of (\w+)/)![1]).sort()).toEqual(['One', 'Two']);
    expect(
      linkGraph(
        log,
        notes.order.filter((id) => ['a', 'b'].includes(notes.meta[id].title)),
      ),
    ).toEqual({ a: ['b'], b: ['a'] });
  });
});
