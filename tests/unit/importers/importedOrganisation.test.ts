import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/importers';
import { LONG_FOLDER, LONG_TAG } from '../../fixtures/import/organised';
import { zipOf } from '../../fixtures/import/samples';
import { fileOf, fixture, importOne, noteTitled, readAll } from './importerHelpers';

/*
 * What each reader says of a note's notebook and tags (docs/product.md "What each format keeps"): the
 * levels and tags as the source writes them; the pipeline normalises them (importOrganisation.test.ts).
 */

/** Each note's title with its notebook path and tags. */
const shape = (notes: { title: string; notebook: string[]; tags: string[] }[]) =>
  Object.fromEntries(notes.map((note) => [note.title, { notebook: note.notebook.join(' / '), tags: note.tags }]));

describe('Evernote notebooks and tags', () => {
  it('puts every note of an .enex in the notebook the file is named after, with its tags as written', async () => {
    const { notes } = await importOne([fixture('Work Projects.enex')]);
    expect(shape(notes)).toEqual({
      'Alpha kickoff': { notebook: 'Work Projects', tags: ['project/alpha', 'meetings'] },
      'Beta budget': { notebook: 'Work Projects', tags: ['Project/Beta', 'road trip'] },
      'Untagged memo': { notebook: 'Work Projects', tags: [] },
    });
  });

  it('reads several .enex files as one notebook each', async () => {
    const plan = await planImport([fixture('Travel.enex'), fixture('Work Projects.enex')]);
    const notebooks = await Promise.all(
      plan.sources.map(async (source) => (await readAll(source)).map((item) => item.kind === 'note' && item.note.notebook)),
    );
    expect(notebooks).toEqual([
      [['Travel'], ['Travel']],
      [['Work Projects'], ['Work Projects'], ['Work Projects']],
    ]);
  });

  it('leaves out tag elements with no text and passes the others on as written', async () => {
    const { notes } = await importOne([fixture('Damaged tags.enex')]);
    expect(notes[0].tags).toEqual(['///', LONG_TAG, 'to\tdo', 'fine']);
  });
});

describe('folders as notebooks', () => {
  it('takes a vault’s folders as the notebook path, without the vault’s own folder', async () => {
    const { notes } = await importOne([fixture('obsidian-full-vault.zip')]);
    const notebooks = Object.fromEntries(notes.map((note) => [note.title, note.notebook]));
    expect(notebooks).toEqual({
      'Start here': [],
      'Launch plan': ['Projects', '2024'],
      Budget: ['Projects', '2024'],
      'Old idea': ['Projects', 'Archive'],
      'Markdown links': ['Reference'],
      'Untrusted drawing': ['Reference'],
      '2024-03-05': ['Daily'],
    });
  });

  it('keeps the top folders of a zip that holds more than one', async () => {
    const zip = await zipOf([
      { path: 'Work/Plan.md', data: 'Plan\n' },
      { path: 'Home/Garden/Seeds.md', data: 'Seeds\n' },
      { path: 'Inbox.md', data: 'Inbox\n' },
    ]);
    const { notes } = await importOne([fileOf('notes.zip', zip)]);
    expect(Object.fromEntries(notes.map((note) => [note.title, note.notebook]))).toEqual({
      Plan: ['Work'],
      Seeds: ['Home', 'Garden'],
      Inbox: [],
    });
  });

  it('reads NotePad’s own export from the zip’s root, its front matter’s notebook over its folders', async () => {
    const front = (title: string, extra = '') =>
      `---\ntitle: ${title}\nid: "1704067200000"\ncreated: 2024-01-01T00:00:00.000Z\nmodified: 2024-01-02T00:00:00.000Z\nstarred: false\norder: 1\n${extra}---\nBody\n`;
    const zip = await zipOf([
      { path: 'Work/Plan.md', data: front('Plan', 'tags:\n  - project/alpha\n  - road trip\n') },
      { path: 'Work/A-B/Odd.md', data: front('Odd', 'notebook:\n  - Work\n  - "A:B"\n') },
    ]);
    const { source, notes } = await importOne([fileOf('notepad-notes-2026-01-01.zip', zip)]);
    expect(source.app).toBe('notepad');
    expect(shape(notes)).toEqual({
      Plan: { notebook: 'Work', tags: ['project/alpha', 'road trip'] },
      Odd: { notebook: 'Work / A:B', tags: [] },
    });
  });

  it('takes a Bear bundle for the note it is, not a notebook, and reads Bear’s tags of several words', async () => {
    const zip = await zipOf([
      { path: 'Bear export/Recipes/Bread.textbundle/text.markdown', data: '# Bread\n\nFlour and water. #food/baking\n' },
      { path: 'Bear export/Recipes/Bread.textbundle/info.json', data: '{}' },
      { path: 'Bear export/Soup.textbundle/text.markdown', data: '# Soup\n\nHot. #food #road trip# and #work/client a#\n' },
    ]);
    const { source, notes } = await importOne([fileOf('Bear.zip', zip)]);
    expect(source.app).toBe('bear');
    expect(shape(notes)).toEqual({
      Bread: { notebook: 'Recipes', tags: ['food/baking'] },
      Soup: { notebook: '', tags: ['road trip', 'work/client a', 'food'] },
    });
  });

  it('gives the folders of chosen loose files no notebook beyond their own folders', async () => {
    const { notes } = await importOne([fileOf('Plan.md', 'A plan. #work\n')]);
    expect(shape(notes)).toEqual({ Plan: { notebook: '', tags: ['work'] } });
  });

  it('reports the empty folders of a zip as notebooks with no note, and names as written, odd ones too', async () => {
    const { source, notes } = await importOne([fixture('vault-odd-folders.zip')]);
    expect(source.notebooks).toEqual([['Someday']]);
    expect(shape(notes)).toEqual({
      Bell: { notebook: 'Inbox\u0007', tags: ['inbox'] },
      Old: { notebook: LONG_FOLDER, tags: [] },
      Deep: { notebook: 'L1 / L2 / L3 / L4 / L5 / L6 / L7 / L8 / L9 / L10 / L11 / L12', tags: ['deep', '///'] },
      Top: { notebook: '', tags: [] },
    });
  });
});

describe('Notion pages and properties', () => {
  it('makes a page with sub-pages a notebook holding it and them, and a database a notebook of its rows', async () => {
    const { source, notes } = await importOne([fixture('notion-workspace.zip')]);
    expect(source.app).toBe('notion');
    expect(shape(notes)).toEqual({
      Travel: { notebook: 'Travel', tags: [] },
      'Japan 2024': { notebook: 'Travel / Japan 2024', tags: [] },
      Kyoto: { notebook: 'Travel / Japan 2024', tags: [] },
      Hokusai: { notebook: 'Travel / Reading list', tags: ['art', 'Japan'] },
      Shogun: { notebook: 'Travel / Reading list', tags: ['japan', 'fiction/historical'] },
      'Loose ideas': { notebook: '', tags: [] },
    });
  });

  it('takes the Tags property out of the text and keeps the other properties as they were', async () => {
    const { notes } = await importOne([fixture('notion-workspace.zip')]);
    expect(noteTitled(notes, 'Shogun').body.text).toBe('Author: James Clavell\nStatus: Reading\n\nA novel about Japan in 1600.\n');
    // A page that is not a database's row has no properties: its text stays as written.
    expect(noteTitled(notes, 'Loose ideas').body.text).toContain('Tags: are not a property here, this is a sentence.');
  });
});

describe('inline tags as Obsidian reads them', () => {
  it('takes #tag and #nested/tag anywhere in the text, but not numbers, headings, URL fragments, escapes or code', async () => {
    const text = [
      '# Heading #in-heading',
      '## Not a tag',
      'Start #alpha, then #project/beta/ and #y1984 but not #1984 or \\#escaped.',
      'A link https://example.com/page#section and [x](https://example.com/#frag) and a#b.',
      '`#in-code` stays, and so does:',
      '```',
      '#in-fence',
      '```',
      '#Émigré #日本 #🙂 #tag_with-marks',
    ].join('\n');
    const { notes } = await importOne([fileOf('Tags.md', text)]);
    expect(notes[0].tags).toEqual(['in-heading', 'alpha', 'project/beta', 'y1984', 'Émigré', '日本', '🙂', 'tag_with-marks']);
    // The text keeps the tags as written.
    expect(notes[0].body.text).toContain('Start #alpha, then #project/beta/ and #y1984');
  });

  it('reads front matter tags as a list or a comma string, with or without #', async () => {
    const list = await importOne([fileOf('List.md', '---\ntags:\n  - "#one"\n  - two/three\n---\nBody\n')]);
    const comma = await importOne([fileOf('Comma.md', '---\ntags: "#one, two/three"\n---\nBody\n')]);
    expect(list.notes[0].tags).toEqual(['one', 'two/three']);
    expect(comma.notes[0].tags).toEqual(['one', 'two/three']);
  });
});

describe('Google Keep and Simplenote', () => {
  it('makes Keep labels tags, an archived note tagged "archived", a pinned one starred, and puts no notebook', async () => {
    const { notes } = await importOne([fixture('keep-takeout.zip')]);
    expect(shape(notes)).toEqual({ Shopping: { notebook: '', tags: ['Home'] }, Idea: { notebook: '', tags: ['Ideas', 'archived'] } });
    expect(noteTitled(notes, 'Shopping').starred).toBe(true);
  });

  it('passes Simplenote tags on as tags', async () => {
    const { notes } = await importOne([fixture('simplenote-notes.json')]);
    expect(shape(notes)).toEqual({ Recipes: { notebook: '', tags: ['food', 'home'] }, 'Phone numbers': { notebook: '', tags: [] } });
  });
});
