import { BlobWriter, ZipWriter } from '@zip.js/zip.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportFileError, planImport } from '../../../src/importers';
import { NOT_A_NOTE_EXPORT } from '../../../src/importers/limits';
import { RED_PNG } from '../../fixtures/import/make';
import { zipOf } from '../../fixtures/import/samples';
import { fileOf, fixture, importOne } from './importerHelpers';

/** A zip of `count` empty entries, added at once (zip.js writes them in order). */
async function emptyEntries(count: number): Promise<Uint8Array> {
  const writer = new ZipWriter(new BlobWriter('application/zip'), { useWebWorkers: false, level: 0 });
  await Promise.all(Array.from({ length: count }, (_, i) => writer.add(`notes/${i}.md`)));
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

/** The one failure planning `files` gives, as [file, reason]; fails the test when anything was planned. */
async function failureOf(...files: File[]): Promise<[string, string]> {
  const plan = await planImport(files);
  expect(plan.sources).toEqual([]);
  expect(plan.failures).toHaveLength(1);
  expect(plan.failures[0]).toBeInstanceOf(ImportFileError);
  return [plan.failures[0].file, plan.failures[0].reason];
}

/** A zip's bytes with the first occurrence of `marker`'s data flipped (a damaged entry). */
function damage(zip: Uint8Array, marker: string): Uint8Array {
  const out = zip.slice();
  const text = new TextDecoder('latin1').decode(out);
  const at = text.indexOf(marker);
  expect(at).toBeGreaterThan(0);
  // The entry's data follows its local header's name: change bytes a little after it.
  for (let i = 0; i < 4; i++) out[at + marker.length + 8 + i] ^= 0x5a;
  return out;
}

describe('files that cannot be imported', () => {
  it('refuses a PDF, naming what NotePad reads', async () => {
    expect(await failureOf(fixture('not-notes.pdf'))).toEqual(['not-notes.pdf', NOT_A_NOTE_EXPORT]);
    expect(NOT_A_NOTE_EXPORT).toBe('not a note export: NotePad reads .enex, .md, .txt, .html, .json (Google Keep, Simplenote) and .zip');
  });

  it('refuses a .json of another shape and a .docx', async () => {
    expect(await failureOf(fixture('garbage.json'))).toEqual(['garbage.json', NOT_A_NOTE_EXPORT]);
    expect(await failureOf(fileOf('letter.docx', await zipOf([{ path: 'word/document.xml', data: '<w:document/>' }])))).toEqual([
      'letter.docx',
      NOT_A_NOTE_EXPORT,
    ]);
  });

  it('refuses an empty file, an empty zip and a zip of only images', async () => {
    expect(await failureOf(fileOf('empty.md', ''))).toEqual(['empty.md', 'an empty file']);
    expect(await failureOf(fixture('empty.zip'))).toEqual(['empty.zip', 'an empty zip: it holds no notes']);
    const images = await zipOf([{ path: 'a.png', data: RED_PNG }]);
    const [file, reason] = await failureOf(fileOf('pictures.zip', images));
    expect(file).toBe('pictures.zip');
    expect(reason).toMatch(/^holds no notes: NotePad reads \.enex/);
  });

  it('refuses a zip cut in half: its table of contents is missing', async () => {
    expect(await failureOf(fixture('cut.zip'))).toEqual([
      'cut.zip',
      'a damaged or incomplete zip: its table of contents cannot be read (download the export again)',
    ]);
  });

  it('refuses a zip bomb by the bytes it produces, whatever its headers claim', async () => {
    const [file, reason] = await failureOf(fixture('bomb.zip'));
    expect(file).toBe('bomb.zip');
    expect(reason).toMatch(/^expands to more than [\d.]+ MiB: refused as a zip bomb$/);
  });

  it('refuses a zip over the total uncompressed bytes even when its ratio is plausible', async () => {
    const zip = await zipOf([{ path: 'a.md', data: 'x'.repeat(5000) }], 0);
    const plan = await planImport([fileOf('big.zip', zip)], { limits: { maxZipBytes: 4096 } });
    expect(plan.failures.map((failure) => failure.reason)).toEqual(['expands to more than 4 KiB: refused as a zip bomb']);
  });

  it('refuses a zip of more entries than one import takes, from its directory', async () => {
    // The limit is lowered so the zip is small; the check is the same at the default (src/importers/limits.ts).
    const zip = await emptyEntries(1_001);
    const plan = await planImport([fileOf('many-entries.zip', zip)], { limits: { maxZipEntries: 1_000 } });
    expect(plan.failures.map((failure) => [failure.file, failure.reason])).toEqual([
      ['many-entries.zip', 'holds more than 1,000 files, more than one import takes'],
    ]);
  });

  it('refuses an ENEX cut mid-note before anything is read', async () => {
    const [file, reason] = await failureOf(fixture('broken.enex'));
    expect(file).toBe('broken.enex');
    expect(reason).toMatch(/^not a complete Evernote export: /);
  });

  it('refuses XML that is not an Evernote export, and an export without notes', async () => {
    expect((await failureOf(fileOf('feed.enex', '<?xml version="1.0"?><rss><item/></rss>')))[1]).toBe(
      "not a complete Evernote export: its root element is <rss>, not Evernote's <en-export>",
    );
    expect(await failureOf(fileOf('none.enex', '<?xml version="1.0"?><en-export></en-export>'))).toEqual([
      'none.enex',
      'an Evernote export with no notes in it',
    ]);
  });

  it('reads a zip or an Evernote export saved without its extension by its first bytes, and still refuses other extensionless files', async () => {
    const zip = await zipOf([{ path: 'vault/Plan.md', data: '# Plan\n\nBuy seeds\n' }], 9);
    const fromZip = await importOne([fileOf('Takeout download', zip)]);
    expect(fromZip.notes.map((note) => note.title)).toEqual(['Plan']);
    const enex = readFileSync(join(import.meta.dirname, '../../fixtures/import/evernote.enex'));
    const fromEnex = await importOne([fileOf('My Notebook', enex)]);
    expect(fromEnex.source.app).toBe('evernote');
    expect(fromEnex.notes.length).toBeGreaterThan(0);
    const [file, reason] = await failureOf(fileOf('README', 'just some words'));
    expect([file, reason]).toEqual(['README', NOT_A_NOTE_EXPORT]);
  });

  it('plans the good files of a choice and lists the bad ones', async () => {
    const plan = await planImport([fixture('not-notes.pdf'), fixture('evernote.enex'), fixture('cut.zip')]);
    expect(plan.sources.map((source) => source.file)).toEqual(['evernote.enex']);
    expect(plan.failures.map((failure) => failure.file)).toEqual(['cut.zip', 'not-notes.pdf']);
  });
});

describe('damaged parts of a sound file', () => {
  it('skips a note whose zip entry is damaged and drops a damaged image, each listed, and imports the rest', async () => {
    const zip = await zipOf(
      [
        { path: 'good.md', data: 'Fine ![](pic.png)\n' },
        { path: 'bad.md', data: 'This note is damaged in the zip. '.repeat(20) },
        { path: 'pic.png', data: RED_PNG },
      ],
      9,
    );
    const damaged = damage(damage(zip, 'bad.md'), 'pic.png');
    const { items } = await importOne([fileOf('damaged.zip', damaged)]);
    expect(items[0]).toEqual({
      kind: 'skipped',
      skipped: { title: 'bad', path: 'bad.md', reason: 'damaged in the zip (its checksum does not match)' },
    });
    expect(items[1].kind).toBe('note');
    const good = items[1].kind === 'note' ? items[1].note : null;
    expect(good?.body.text).toBe('Fine ![](pic.png)\n');
    expect(good?.dropped).toEqual([{ item: 'pic.png', reason: expect.stringMatching(/^damaged in the zip/) as string }]);
    expect(items).toHaveLength(2);
  });

  it('skips a note file over the note limit, listed with the limit', async () => {
    const zip = await zipOf([
      { path: 'big.md', data: 'y'.repeat(5000) },
      { path: 'small.md', data: 'ok' },
    ]);
    const { items } = await importOne([fileOf('limit.zip', zip)], { maxNoteBytes: 4096 });
    expect(items[0]).toEqual({ kind: 'skipped', skipped: { title: 'big', path: 'big.md', reason: 'its text is larger than 4 KiB' } });
    expect(items[1].kind).toBe('note');
  });
});
