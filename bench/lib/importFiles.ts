/**
 * ENEX files for the import stage (docs/benchmarks.md "Import figures"), streamed to disk: notes with
 * formatting, a checklist and a paragraph, and photos that browsers decode (PNGs of noise, which do not
 * compress, as photos do not). `padBytes` adds that many bytes to every image as a private PNG chunk
 * browsers skip: the file grows, what is stored does not, so peak memory can be compared by file size.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, deflateSync } from 'node:zlib';
import { ENEX_HEAD, ENEX_TAIL, enexNote, md5Hex } from '../../tests/fixtures/import/samples';

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A `size` x `size` PNG of seeded noise (RGB), with `padBytes` of padding in a private ancillary chunk. */
function noisePng(size: number, seed: number, padBytes = 0): Uint8Array {
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, size);
  new DataView(header.buffer).setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(size * (1 + size * 3));
  // xorshift32: noise that deflate cannot shrink.
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < rows.length; i++) {
    if (i % (1 + size * 3) === 0) continue; // filter byte 0
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    rows[i] = state & 0xff;
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padBytes > 0 ? [chunk('npAd', new Uint8Array(padBytes).fill(seed & 0xff))] : []),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What an ENEX of the stage holds. */
export interface EnexSpec {
  notes: number;
  /** Notes with one image each, spread evenly. */
  images: number;
  /** Image width and height in px. */
  imageSize: number;
  padBytes: number;
}

/** Write the ENEX to `path`; resolves with its size in bytes. */
export async function writeBenchEnex(path: string, spec: EnexSpec): Promise<number> {
  const out = createWriteStream(path);
  let size = 0;
  const write = async (text: string) => {
    size += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(ENEX_HEAD);
  const every = spec.images > 0 ? spec.notes / spec.images : Infinity;
  let images = 0;
  for (let i = 0; i < spec.notes; i++) {
    const withImage = images < spec.images && i >= images * every;
    const resources = withImage
      ? [{ data: noisePng(spec.imageSize, i + 1, spec.padBytes), mime: 'image/png', fileName: `photo-${i}.png` }]
      : [];
    if (withImage) images += 1;
    const media = resources.map((r) => `<div><en-media hash="${md5Hex(r.data)}" type="image/png"/></div>`).join('');
    const created = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, '');
    await write(
      enexNote({
        title: `Bench note ${i}`,
        created,
        updated: created,
        tags: ['bench'],
        enml:
          `<div><b>Note ${i}</b>: a line with <i>style</i> and <a href="https://example.com/${i}">a link</a>.</div>` +
          '<ul style="--en-todo:true;"><li style="--en-checked:true;"><div>done</div></li><li style="--en-checked:false;"><div>open</div></li></ul>' +
          `<div>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}</div>${media}`,
        resources,
      }) + '\n',
    );
  }
  await write(ENEX_TAIL);
  out.end();
  await once(out, 'finish');
  return size;
}
