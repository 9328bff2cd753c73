import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../../../src/importers/html/dom';
import { DomUtils } from 'htmlparser2';
import { attachmentOf, fixture, importOne, noteTitled, refsIn } from './importerHelpers';
import { JPEG, PDF, enexFile } from '../../fixtures/import/samples';
import { RED_PNG } from '../../fixtures/import/make';
import { fileOf } from './importerHelpers';

async function evernote() {
  return importOne([fixture('evernote.enex', Date.UTC(2024, 0, 2, 3, 4, 5))]);
}

/** The checklist items of HTML as [text, checked]. */
function checklist(html: string): [string, boolean][] {
  const document = parseMarkup(html);
  return DomUtils.findAll((node) => node.name === 'li', document.children)
    .filter((li) => DomUtils.findOne((node) => node.name === 'input' && node.attribs.type === 'checkbox', li.children, true))
    .map((li) => {
      const box = DomUtils.findOne((node) => node.name === 'input', li.children, true)!;
      return [DomUtils.textContent(li).trim(), 'checked' in box.attribs];
    });
}

describe('Evernote .enex reader', () => {
  it('plans the file as one Evernote source whose total counts every note, the damaged one too', async () => {
    const { source, items } = await evernote();
    expect(source.app).toBe('evernote');
    expect(source.file).toBe('evernote.enex');
    expect(source.total).toBe(5);
    expect(items).toHaveLength(5);
  });

  it('turns all three checklist forms into checkboxes with their checked state', async () => {
    const note = noteTitled((await evernote()).notes, 'Checklists and code');
    expect(checklist(note.body.text)).toEqual([
      ['Buy milk', true],
      ['Buy eggs', false],
      ['Call Anna', true],
      ['Book flights', false],
      ['Water plants', false],
      ['Pay rent', true],
    ]);
    expect(note.body.text).toContain('<ul><li><input type="checkbox" checked>Buy milk</li></ul>');
  });

  it('keeps a code block as pre/code with its line breaks and the formatting of the rest', async () => {
    const note = noteTitled((await evernote()).notes, 'Checklists and code');
    expect(note.body.text).toContain('<pre><code>function greet(name) {\n  return `Hi ${name}` &lt; 3;\n}</code></pre>');
    for (const markup of [
      '<b>Bold</b>',
      '<i>italic</i>',
      '<u>underline</u>',
      '<s>strike</s>',
      '<a href="https://example.com">a link</a>',
      '<h2>Tasks</h2>',
    ]) {
      expect(note.body.text).toContain(markup);
    }
  });

  it('matches en-media to resources by MD5: the image as an attachment: img, the PDF as a link to its file', async () => {
    const note = noteTitled((await evernote()).notes, 'Checklists and code');
    const [imageRef, pdfRef] = refsIn(note.body.text);
    expect(note.body.text).toContain(`<img src="attachment:${imageRef}" alt="red square.png">`);
    expect(attachmentOf(note, imageRef)).toMatchObject({ name: 'red square.png', mime: 'image/png', data: RED_PNG });
    expect(note.body.text).toContain(`<a href="attachment:${pdfRef}">receipt.pdf</a>`);
    expect(attachmentOf(note, pdfRef)).toMatchObject({ name: 'receipt.pdf', mime: 'application/pdf', data: PDF });
  });

  it('reads dates, the notebook from the file name, tags, and the source URL as a last line', async () => {
    const note = noteTitled((await evernote()).notes, 'Checklists and code');
    expect(note.createdAt).toBe(Date.UTC(2023, 0, 5, 10, 20, 0));
    expect(note.modifiedAt).toBe(Date.UTC(2023, 0, 6, 8, 9, 10));
    expect(note.notebook).toEqual(['evernote']);
    expect(note.tags).toEqual(['work', 'lists']);
    expect(note.body.text.endsWith('<p>Source: <a href="https://example.com/article">https://example.com/article</a></p>')).toBe(true);
    expect(note.source).toEqual({ app: 'evernote', file: 'evernote.enex' });
  });

  it('takes the created time for a note without updated, and keeps en-crypt as a visible paragraph, listed', async () => {
    const note = noteTitled((await evernote()).notes, 'No updated date');
    expect(note.createdAt).toBe(Date.UTC(2022, 2, 1, 9, 0, 0));
    expect(note.modifiedAt).toBe(note.createdAt);
    expect(note.body.text).toContain('Encrypted text from Evernote: NotePad cannot decrypt it');
    expect(note.body.text).toContain('(hint: my dog)');
    expect(note.dropped).toEqual([{ item: 'encrypted text (hint: my dog)', reason: 'encrypted in Evernote: NotePad cannot decrypt it' }]);
  });

  it("uses the file's date for a bad date and lists the problem", async () => {
    const note = noteTitled((await evernote()).notes, 'Bad date');
    expect(note.createdAt).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(note.modifiedAt).toBe(Date.UTC(2023, 1, 2, 2, 2, 2));
    expect(note.dropped).toEqual([
      { item: 'creation date "20231399T996699Z"', reason: "not a valid date: the file's date is used instead" },
    ]);
  });

  it('names a resource by its recognition objID, appends resources no en-media names, and drops a damaged one, listed', async () => {
    const note = noteTitled((await evernote()).notes, 'Images');
    const refs = refsIn(note.body.text);
    expect(refs).toHaveLength(2);
    expect(attachmentOf(note, refs[0])?.name).toBe('green.png');
    expect(note.body.text.indexOf('Recognised:')).toBeLessThan(note.body.text.indexOf(refs[0]));
    expect(attachmentOf(note, refs[1])).toMatchObject({ name: 'photo.jpg', mime: 'image/jpeg', data: JPEG });
    expect(note.body.text.indexOf('The JPEG')).toBeLessThan(note.body.text.indexOf(refs[1]));
    expect(note.attachments.map((attachment) => attachment.name)).toEqual(['green.png', 'photo.jpg']);
    expect(note.dropped).toEqual([{ item: 'damaged.png', reason: 'damaged in the export (its data is not valid base64)' }]);
    expect(note.tags).toEqual(['photos']);
  });

  it('skips a note whose content is not ENML, with the reason, and imports the rest', async () => {
    const { items } = await evernote();
    expect(items[4]).toEqual({
      kind: 'skipped',
      skipped: { title: 'Damaged note', reason: 'damaged in the export: its content is not Evernote note markup (no <en-note>)' },
    });
    expect(items.filter((item) => item.kind === 'note')).toHaveLength(4);
  });

  it('skips a note whose text is over the note limit and an image over the attachment limit, each listed', async () => {
    const big = 'x'.repeat(3000);
    const file = fileOf(
      'limits.enex',
      enexFile([
        { title: 'Long', created: '20230101T000000Z', enml: `<div>${big}</div>` },
        {
          title: 'Big image',
          created: '20230101T000000Z',
          enml: '<div>small text</div>',
          resources: [{ data: new Uint8Array(4000).fill(1), mime: 'image/png', fileName: 'big.png' }],
        },
      ]),
    );
    const { items } = await importOne([file], { maxNoteBytes: 2048, maxAttachmentBytes: 1024 });
    expect(items[0]).toEqual({ kind: 'skipped', skipped: { title: 'Long', reason: 'its text is larger than 2 KiB' } });
    expect(items[1].kind === 'note' && items[1].note.dropped).toEqual([{ item: 'big.png', reason: 'larger than 1 KiB' }]);
  });

  it('decodes an export that declares windows-1252', async () => {
    const xml = enexFile([{ title: 'Caf\u00e9', created: '20230101T000000Z', enml: '<div>cr\u00e8me br\u00fbl\u00e9e</div>' }]).replace(
      'encoding="UTF-8"?>\n<!DOCTYPE en-export',
      'encoding="windows-1252"?>\n<!DOCTYPE en-export',
    );
    const bytes = Uint8Array.from(xml, (char) => char.charCodeAt(0));
    const { notes } = await importOne([fileOf('latin.enex', bytes)]);
    expect(notes[0].title).toBe('Caf\u00e9');
    expect(notes[0].body.text).toContain('cr\u00e8me br\u00fbl\u00e9e');
  });

  it('decodes an export saved as UTF-16 with a byte order mark', async () => {
    const xml = enexFile([{ title: 'Gr\u00fc\u00dfe \u{1F600}', created: '20230101T000000Z', enml: '<div>hi</div>' }]);
    const bytes = new Uint8Array(2 + xml.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < xml.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, xml.charCodeAt(i), true);
    const { notes } = await importOne([fileOf('utf16.enex', bytes)]);
    expect(notes[0].title).toBe('Gr\u00fc\u00dfe \u{1F600}');
  });
});
