import { describe, expect, it } from 'vitest';
import { planImport, type ReaderItem } from '../../../src/importers';
import { enexFile, png, type EnexNoteSpec } from '../../fixtures/import/samples';
import { seededRandom } from '../../support/random';
import { fileOf, fixture } from './importerHelpers';

/** A chosen file that counts the bytes its stream has handed out. */
class CountingFile extends File {
  pulled = 0;

  stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const reader = super.stream().getReader();
    return new ReadableStream({
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else {
          this.pulled += value.length;
          controller.enqueue(value);
        }
      },
      cancel: () => reader.cancel(),
    });
  }
}

/** `count` notes with one image of `imageBytes` bytes apiece (a PNG header, then bytes that do not compress). */
function heavyNotes(count: number, imageBytes: number): EnexNoteSpec[] {
  const random = seededRandom('heavy notes');
  return Array.from({ length: count }, (_, i) => {
    const data = new Uint8Array(imageBytes).map(() => Math.floor(random() * 256));
    data.set(png(1, [0, 0, 0]).subarray(0, 8));
    return {
      title: `Note ${i + 1}`,
      created: '20230101T000000Z',
      enml: `<div>Note ${i + 1}</div>`,
      resources: [{ data, mime: 'image/png', fileName: `n${i}.png` }],
    };
  });
}

describe('reading streams, one note at a time', () => {
  it('reads no further into an ENEX than the note it yields, whatever the size of the file', async () => {
    const xml = enexFile(heavyNotes(12, 200_000));
    const bytes = new TextEncoder().encode(xml);
    // In 64 KiB parts, as a browser's or Node's file stream hands a file out.
    const parts = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
    const file = new CountingFile(parts, 'heavy.enex');
    const plan = await planImport([file]);
    expect(plan.sources[0].total).toBe(12);
    file.pulled = 0;
    const iterator = plan.sources[0].read()[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ kind: 'note', note: { title: 'Note 1' } });
    const perNote = xml.length / 12;
    // One note, and the chunk the stream hands out with it: never the file.
    expect(file.pulled).toBeLessThan(perNote * 2 + 65536);
    const second = await iterator.next();
    expect(second.value).toMatchObject({ kind: 'note', note: { title: 'Note 2' } });
    expect(file.pulled).toBeLessThan(perNote * 3 + 65536);
    await iterator.return?.();
  });

  it('stops reading when the signal aborts, between notes', async () => {
    const plan = await planImport([fileOf('many.enex', enexFile(heavyNotes(6, 1000)))]);
    const controller = new AbortController();
    const items: ReaderItem[] = [];
    for await (const item of plan.sources[0].read(controller.signal)) {
      items.push(item);
      if (items.length === 2) controller.abort();
    }
    expect(items.map((item) => item.kind === 'note' && item.note.title)).toEqual(['Note 1', 'Note 2']);
  });

  it('stops reading a zip when the signal aborts', async () => {
    const plan = await planImport([fixture('obsidian-vault.zip')]);
    const controller = new AbortController();
    const items: ReaderItem[] = [];
    for await (const item of plan.sources[0].read(controller.signal)) {
      items.push(item);
      controller.abort();
    }
    expect(items).toHaveLength(1);
  });

  it('rejects planning with the abort reason when the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(planImport([fixture('evernote.enex')], { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads a source again from the start on a second read', async () => {
    const plan = await planImport([fixture('evernote.enex')]);
    const titles = async () => {
      const out: string[] = [];
      for await (const item of plan.sources[0].read()) out.push(item.kind === 'note' ? item.note.title : item.kind);
      return out;
    };
    expect(await titles()).toEqual(await titles());
  });
});
