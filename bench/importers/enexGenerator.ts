/**
 * Writes large ENEX files for the import bench without holding them: `notes` notes, each with
 * `imagesPerNote` images of `imageBytes` bytes (a PNG signature, then bytes that do not compress, as
 * photos are), streamed to `path`. Returns the file's size in bytes.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ENEX_HEAD, ENEX_TAIL, enexNote, md5Hex } from '../../tests/fixtures/import/samples';

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The ENML of a note with some formatting, a checklist and `hashes` images. */
function body(i: number, hashes: string[]): string {
  const images = hashes.map((hash) => `<div><en-media hash="${hash}" type="image/png"/></div>`).join('');
  return (
    `<div><b>Note ${i}</b>: a line of text with <i>style</i> and <a href="https://example.com/${i}">a link</a>.</div>` +
    '<ul style="--en-todo:true;"><li style="--en-checked:true;"><div>done</div></li><li style="--en-checked:false;"><div>open</div></li></ul>' +
    '<div>'.repeat(1) +
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8) +
    '</div>' +
    images
  );
}

/** Writes the file; `imageBytes` 0 makes text-only notes. */
export async function writeEnex(path: string, notes: number, imagesPerNote: number, imageBytes: number): Promise<number> {
  const out = createWriteStream(path);
  let size = 0;
  const write = async (text: string) => {
    size += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(ENEX_HEAD);
  for (let i = 0; i < notes; i++) {
    const resources = Array.from({ length: imageBytes > 0 ? imagesPerNote : 0 }, () => {
      const data = new Uint8Array(randomBytes(imageBytes));
      data.set(SIGNATURE);
      return { data, mime: 'image/png', fileName: `photo-${i}.png` };
    });
    const hashes = resources.map((resource) => md5Hex(resource.data));
    await write(
      enexNote({
        title: `Note ${i}`,
        created: '20230105T102000Z',
        updated: '20230106T102000Z',
        tags: ['bench'],
        enml: body(i, hashes),
        resources,
      }) + '\n',
    );
  }
  await write(ENEX_TAIL);
  out.end();
  await once(out, 'finish');
  return size;
}
