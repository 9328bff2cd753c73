import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/importers';
import { JPEG } from '../../fixtures/import/samples';
import { attachmentOf, fileOf, fixture, importOne, noteTitled, readAll, refsIn } from './importerHelpers';

describe('Google Keep Takeout', () => {
  it("reads each note's .json once: the .html twins, Labels.txt and the archive page are not notes", async () => {
    const { source, items, notes } = await importOne([fixture('keep-takeout.zip')]);
    expect(source.app).toBe('keep');
    expect(source.total).toBe(3);
    expect(items).toHaveLength(3);
    expect(notes.map((note) => note.title).sort()).toEqual(['Idea', 'Shopping']);
  });

  it('turns listContent into a checklist, labels into tags, pinned into starred, and reads microsecond times', async () => {
    const shopping = noteTitled((await importOne([fixture('keep-takeout.zip')])).notes, 'Shopping');
    expect(shopping.body).toEqual({
      format: 'html',
      text: '<ul><li><input type="checkbox" checked>Apples</li><li><input type="checkbox">Bread</li></ul>',
    });
    expect(shopping.tags).toEqual(['Home']);
    expect(shopping.starred).toBe(true);
    expect(shopping.createdAt).toBe(Date.UTC(2021, 1, 3, 4, 5, 6));
    expect(shopping.modifiedAt).toBe(Date.UTC(2021, 1, 4, 4, 5, 6));
    expect(shopping.source).toEqual({ app: 'keep', file: 'keep-takeout.zip', path: 'Takeout/Keep/Shopping.json' });
  });

  it('keeps text one paragraph per line, tags an archived note "archived", and finds an attachment stored with another extension', async () => {
    const idea = noteTitled((await importOne([fixture('keep-takeout.zip')])).notes, 'Idea');
    const [image] = refsIn(idea.body.text);
    expect(idea.body.text).toBe(`<p>First line</p><p>Second line</p><p><img src="attachment:${image}" alt="1a2b3c4d.jpg"></p>`);
    expect(attachmentOf(idea, image)).toMatchObject({ mime: 'image/jpeg', data: JPEG });
    expect(idea.tags).toEqual(['Ideas', 'archived']);
    expect(idea.notebook).toEqual([]);
    expect(idea.starred).toBe(false);
  });

  it('skips a trashed note with the reason "in the trash"', async () => {
    const { items } = await importOne([fixture('keep-takeout.zip')]);
    expect(items).toContainEqual({ kind: 'skipped', skipped: { title: 'Old', path: 'Takeout/Keep/Old.json', reason: 'in the trash' } });
  });

  it('reads loose Keep .json files chosen with their images, and textContentHtml when present', async () => {
    const json = JSON.stringify({
      title: '',
      textContent: 'Plain first line\nmore',
      textContentHtml: '<p>Plain <b>first</b> line</p><p>more</p>',
      attachments: [{ filePath: 'pic.jpg', mimetype: 'image/jpeg' }],
      createdTimestampUsec: 1600000000000000,
      userEditedTimestampUsec: '1600000001000000',
    });
    const plan = await planImport([fileOf('note.json', json), fileOf('pic.jpg', JPEG)]);
    expect(plan.failures).toEqual([]);
    expect(plan.sources.map((source) => source.app)).toEqual(['keep']);
    const [item] = await readAll(plan.sources[0]);
    const note = item.kind === 'note' ? item.note : null;
    expect(note?.title).toBe('Plain first line');
    expect(note?.body.text.startsWith('<p>Plain <b>first</b> line</p><p>more</p><p><img src="attachment:')).toBe(true);
    expect(note?.createdAt).toBe(1600000000000);
    expect(note?.modifiedAt).toBe(1600000001000);
    expect(note?.source).toEqual({ app: 'keep', file: 'note.json' });
  });

  it('lists an attachment the Takeout lacks on its note', async () => {
    const json = JSON.stringify({
      title: 'T',
      textContent: 'x',
      attachments: [{ filePath: 'gone.png', mimetype: 'image/png' }],
      userEditedTimestampUsec: 1,
    });
    const { notes } = await importOne([fileOf('t.json', json)]);
    expect(notes[0].dropped).toEqual([{ item: 'gone.png', reason: 'not in the export' }]);
  });
});

describe('Simplenote notes.json', () => {
  it('takes the first line as title and the rest as body, Markdown when the note says so, and skips trashed notes', async () => {
    const { source, items, notes } = await importOne([fixture('simplenote-notes.json')]);
    expect(source.app).toBe('simplenote');
    expect(source.total).toBe(3);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      title: 'Recipes',
      body: { format: 'markdown', text: 'Flour, water and **salt**.\n- [ ] knead' },
      createdAt: Date.UTC(2020, 0, 2, 3, 4, 5),
      modifiedAt: Date.UTC(2021, 0, 2, 3, 4, 5),
      tags: ['food', 'home'],
      starred: true,
    });
    expect(notes[1]).toMatchObject({ title: 'Phone numbers', body: { format: 'text', text: 'Anna 555 0100' }, starred: false, tags: [] });
    expect(items[2]).toEqual({ kind: 'skipped', skipped: { title: 'Old draft', reason: 'in the trash' } });
  });

  it('reads the notes.json inside a Simplenote export zip and not the .txt copies beside it', async () => {
    const { zipOf } = await import('../../fixtures/import/samples');
    const { simplenoteJson } = await import('../../fixtures/import/make');
    const zip = await zipOf([
      { path: 'source/notes.json', data: simplenoteJson() },
      { path: 'a1.txt', data: '# Recipes\nFlour' },
      { path: 'a2.txt', data: 'Phone numbers' },
    ]);
    const { source, items } = await importOne([fileOf('notes.zip', zip)]);
    expect(source.app).toBe('simplenote');
    expect(source.total).toBe(3);
    expect(items.map((item) => item.kind)).toEqual(['note', 'note', 'skipped']);
  });
});

describe('Keep files chosen loose', () => {
  it('reads the .json notes chosen with their .html twins and Labels.txt once each', async () => {
    const { keepEntries } = await import('../../fixtures/import/make');
    const files = keepEntries()
      .filter((entry) => entry.path.startsWith('Takeout/Keep/'))
      .map((entry) => fileOf(entry.path.slice('Takeout/Keep/'.length), entry.data));
    const plan = await planImport(files);
    expect(plan.failures).toEqual([]);
    expect(plan.sources.map((source) => [source.file, source.app]).sort()).toEqual([
      ['Idea.json', 'keep'],
      ['Old.json', 'keep'],
      ['Shopping.json', 'keep'],
    ]);
  });
});
