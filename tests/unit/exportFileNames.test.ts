import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportZipName, FILE_STEM_MAX_BYTES, FileNamer, fileStem, truncateUtf8 } from '../../src/exporters/fileNames';
import { createdFromId, frontMatter } from '../../src/exporters/noteFrontMatter';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('file names of an export of all notes', () => {
  it('replaces every character a file system refuses, and control characters, with "-"', () => {
    expect(fileStem('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(fileStem('tab\there\u0000nul\u007fdel')).toBe('tab here-nul-del');
    expect(fileStem('bell\u0007ring')).toBe('bell-ring');
  });

  it('drops leading dots (hidden files) and trailing dots and spaces (Windows drops them)', () => {
    expect(fileStem('...hidden')).toBe('hidden');
    expect(fileStem('Ends with dots... . ')).toBe('Ends with dots');
    expect(fileStem('  spaced   out  ')).toBe('spaced out');
  });

  it("gives Windows' reserved device names a trailing underscore, also with an extension or in other cases", () => {
    for (const name of ['CON', 'prn', 'Aux', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt9']) expect(fileStem(name)).toBe(`${name}_`);
    expect(fileStem('con.notes')).toBe('con_.notes');
    expect(fileStem('CONSOLE')).toBe('CONSOLE');
    expect(fileStem('COM10')).toBe('COM10');
    expect(fileStem('My CON')).toBe('My CON');
  });

  it('names a note with an empty or unusable title "Untitled Note"', () => {
    expect(fileStem('')).toBe('Untitled Note');
    expect(fileStem('   ')).toBe('Untitled Note');
    expect(fileStem('...')).toBe('Untitled Note');
  });

  it('caps a name at 200 UTF-8 bytes without cutting a character or an emoji in half', () => {
    const long = 'é'.repeat(150); // 300 bytes
    expect(bytes(fileStem(long))).toBe(FILE_STEM_MAX_BYTES);
    const family = '👨‍👩‍👧'; // one grapheme of 18 bytes
    const stem = fileStem('x'.repeat(190) + family + family);
    expect(stem).toBe('x'.repeat(190));
    expect(truncateUtf8('ab' + family, 10)).toBe('ab');
    expect(truncateUtf8('short', 10)).toBe('short');
  });

  it('writes names in NFC, so a title typed either way gets one name', () => {
    expect(fileStem('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('numbers a repeated name " (2)", " (3)"..., comparing case-insensitively as macOS and Windows do', () => {
    const names = new FileNamer();
    expect(names.take('Plan', 'md')).toBe('Plan.md');
    expect(names.take('plan', 'md')).toBe('plan (2).md');
    expect(names.take('PLAN', 'md')).toBe('PLAN (3).md');
    expect(names.take('Plan (2)', 'md')).toBe('Plan (2) (2).md');
    expect(names.take('Plan', 'jpg')).toBe('Plan.jpg');
    expect(names.take('Café', 'md')).toBe('Café.md');
    expect(names.take('CAFÉ', 'md')).toBe('CAFÉ (2).md');
  });

  it('gives ten thousand notes of the same title ten thousand names', () => {
    const names = new FileNamer();
    const taken = Array.from({ length: 10_000 }, () => names.take('Untitled Note', 'md'));
    expect(new Set(taken.map((n) => n.toLowerCase())).size).toBe(10_000);
    expect(taken[9_999]).toBe('Untitled Note (10000).md');
  });

  it('names the zip after the local date', () => {
    expect(exportZipName(new Date(2026, 0, 5, 23, 59))).toBe('notepad-notes-2026-01-05.zip');
  });
});

describe('front matter of an exported note', () => {
  it('reads back with a YAML parser as the title, id, ISO dates, star and order', () => {
    const text = frontMatter({
      title: 'Plan: Q3 # draft',
      id: '1763719200000',
      created: createdFromId('1763719200000'),
      modified: '2026-11-21T08:30:00.000Z',
      starred: true,
      order: 3,
    });
    expect(text.startsWith('---\n')).toBe(true);
    expect(text.endsWith('\n---\n')).toBe(true);
    expect(parse(text.slice(4, -4))).toEqual({
      title: 'Plan: Q3 # draft',
      id: '1763719200000',
      created: '2025-11-21T10:00:00.000Z',
      modified: '2026-11-21T08:30:00.000Z',
      starred: true,
      order: 3,
    });
  });

  it('quotes titles a YAML 1.1 reader would take for booleans, numbers or dates, so both versions read strings', () => {
    for (const title of ['yes', 'No', 'on', 'null', '123', '2026-01-01', '~', '- list', '"quoted"', "it's", 'a\nb']) {
      const text = frontMatter({ title, id: '1', created: null, modified: '2026-01-01T00:00:00.000Z', starred: false, order: 1 });
      const yaml = text.slice(4, -4);
      expect(parse(yaml).title, title).toBe(title);
      expect(parse(yaml, { version: '1.1' }).title, title).toBe(title);
      expect(parse(yaml, { version: '1.1' }).modified).toBe('2026-01-01T00:00:00.000Z');
    }
  });

  it('leaves out the creation time when the id is not a time in ms', () => {
    expect(createdFromId('not-a-time')).toBeNull();
    const text = frontMatter({ title: 'x', id: 'abc', created: null, modified: '2026-01-01T00:00:00.000Z', starred: false, order: 1 });
    expect(parse(text.slice(4, -4))).not.toHaveProperty('created');
  });
});
