import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/importers';
import { BLUE_PNG } from '../../fixtures/import/make';
import { attachmentOf, fileOf, fixture, importOne, readAll, refsIn } from './importerHelpers';

describe('HTML and text files', () => {
  it("reads an .html page's title and body, a relative image chosen beside it and a data: image", async () => {
    const plan = await planImport([fixture('page.html'), fixture('image.png')]);
    expect(plan.failures).toEqual([]);
    const [item] = await readAll(plan.sources[0]);
    const note = item.kind === 'note' ? item.note : null;
    expect(plan.sources[0].app).toBe('html');
    expect(note?.title).toBe('Saved page');
    const [relative, inline] = refsIn(note!.body.text);
    expect(note?.body.text).toBe(
      `<p>Some <b>bold</b> text.</p><p><img src="attachment:${relative}" alt="chart"></p><p><img src="attachment:${inline}" alt="inline"></p>`,
    );
    expect(attachmentOf(note!, relative)).toMatchObject({ name: 'image.png', data: BLUE_PNG });
    expect(attachmentOf(note!, inline)).toMatchObject({ name: 'inline', mime: 'image/png', data: BLUE_PNG });
    expect(note?.createdAt).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
  });

  it('titles an HTML file without <title> by its name and lists an image that was not chosen', async () => {
    const { notes } = await importOne([fileOf('Clip.htm', '<p>Hi</p><img src="a%20b.png">')]);
    expect(notes[0].title).toBe('Clip');
    expect(notes[0].body.text).toBe('<p>Hi</p>');
    expect(notes[0].dropped).toEqual([{ item: 'a b.png', reason: 'not in the export' }]);
  });

  it('decodes an HTML file by its <meta charset>', async () => {
    const html = '<html><head><meta charset="iso-8859-1"><title>R\u00e9sum\u00e9</title></head><body><p>na\u00efve</p></body></html>';
    const { notes } = await importOne([
      fileOf(
        'cv.html',
        Uint8Array.from(html, (char) => char.charCodeAt(0)),
      ),
    ]);
    expect(notes[0].title).toBe('R\u00e9sum\u00e9');
    expect(notes[0].body.text).toBe('<p>na\u00efve</p>');
  });

  it("reads a .txt file as text titled by its name, with its BOM dropped and the file's date", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Groceries\r\nmilk')]);
    const { source, notes } = await importOne([fileOf('list.txt', bom, Date.UTC(2021, 5, 6))]);
    expect(source.app).toBe('text');
    expect(notes[0]).toMatchObject({
      title: 'list',
      body: { format: 'text', text: 'Groceries\nmilk' },
      createdAt: Date.UTC(2021, 5, 6),
      modifiedAt: Date.UTC(2021, 5, 6),
    });
  });

  it('reads note.txt from the fixtures', async () => {
    const { notes } = await importOne([fixture('note.txt')]);
    expect(notes[0].body.text).toBe('Groceries\nmilk\n\neggs\n');
  });
});
