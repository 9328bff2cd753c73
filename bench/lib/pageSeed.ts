/** What to write into a page's NotePad log (see `seedInPage`). */
export interface SeedSpec {
  /**
   * single: one note holding `doc`, selected. startup: `notes` notes and `events` events in all (bodies,
   * renames, selections, stars). search: `notes` notes of ~`words` words. growth: `notes` notes and
   * `events` body saves over the last 365 days, bodies growing from 20 to `words` words. tail:
   * `events` more events on the first `notes` notes. library: `notes` notes of ~`words` words in
   * paragraphs, a three-item checklist each, every 10th with a JPEG of its own (what an export reads).
   */
  kind: 'single' | 'startup' | 'search' | 'growth' | 'tail' | 'library';
  now: number;
  seed: number;
  vocab: string[];
  /** seq of the first written event (the store's key generator follows explicit keys). */
  firstSeq: number;
  notes: number;
  events: number;
  words: number;
  doc?: { blocks: unknown[]; html: string };
  /** Mark compaction as just done, so the app does not compact in idle time during a measurement. */
  skipCompaction: boolean;
}

/** First note id of seeded logs: note ids are creation times in ms (docs/product.md "Entities and storage keys"). */
export const NOTE_ID_BASE = 1_600_000_000_000;

/**
 * Runs IN THE PAGE (passed to `page.evaluate`, so it must be self-contained): generate the events of
 * `spec` and write them straight into NotePad's IndexedDB log, opened by the app's own code on the
 * seeding page (SEED_PATH, bench/seed/main.ts), 1,000 per transaction. Generating here avoids shipping
 * hundreds of MB through the DevTools protocol. Returns the count, last seq and JSON bytes written.
 */
export async function seedInPage(spec: SeedSpec): Promise<{ events: number; lastSeq: number; bytes: number }> {
  let a = spec.seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const text = (n: number) => Array.from({ length: n }, () => spec.vocab[Math.floor(spec.vocab.length * rand() ** 3)]).join(' ');
  // Same shapes as corpus.ts paragraphBlock / paragraphsHtml (BlockNote 0.55).
  const body = (wordCount: number) => {
    const blocks: unknown[] = [];
    let html = '';
    for (let left = wordCount; left > 0; left -= 50) {
      const id = uuid();
      const t = text(Math.min(50, left));
      blocks.push({
        id,
        type: 'paragraph',
        props: { backgroundColor: 'default', textColor: 'default', textAlignment: 'left' },
        content: [{ type: 'text', text: t, styles: {} }],
        children: [],
      });
      html += `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${id}"><div class="bn-block" data-node-type="blockContainer" data-id="${id}"><div class="bn-block-content" data-content-type="paragraph"><p class="bn-inline-content">${t}</p></div></div></div>`;
    }
    return { blocks, html: `<div class="bn-block-group" data-node-type="blockGroup">${html}</div>` };
  };
  const noteId = (i: number) => String(1_600_000_000_000 + i * 1000);
  // A small JPEG per image note, drawn here so each is different (an export writes each once).
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const jpeg = (i: number) => {
    const c = canvas.getContext('2d')!;
    c.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
    c.fillRect(0, 0, 160, 120);
    c.fillStyle = '#fff';
    c.fillText(`note ${i}`, 10 + (i % 100), 60);
    return canvas.toDataURL('image/jpeg', 0.7);
  };
  const block = (type: string, t: string, props: Record<string, unknown> = {}) => ({
    id: uuid(),
    type,
    props: { backgroundColor: 'default', textColor: 'default', textAlignment: 'left', ...props },
    content: [{ type: 'text', text: t, styles: {} }],
    children: [],
  });
  const libraryBody = (i: number, wordCount: number) => {
    const { blocks, html } = body(wordCount);
    for (let k = 0; k < 3; k++) blocks.push(block('checkListItem', text(4), { checked: k === 0 }));
    if (i % 10 === 0)
      blocks.push({
        id: uuid(),
        type: 'image',
        props: { backgroundColor: 'default', textAlignment: 'left', name: `photo ${i}.jpg`, url: jpeg(i), caption: '', showPreview: true },
        children: [],
      });
    return { blocks, html };
  };
  const DAY = 86_400_000;

  function* generate(): Generator<[number, string, Record<string, unknown>]> {
    const { kind, now, notes, events, words } = spec;
    if (kind === 'single') {
      yield [now - 60_000, 'note.created', { id: noteId(0), title: 'Bench note' }];
      yield [now - 50_000, 'note.body-saved', { id: noteId(0), ...spec.doc! }];
      yield [now - 40_000, 'note.selected', { id: noteId(0) }];
    } else if (kind === 'search') {
      for (let i = 0; i < notes; i++) {
        const at = now - (notes - i) * 60_000;
        yield [at, 'note.created', { id: noteId(i), title: `${text(3)} ${i}` }];
        yield [at + 1000, 'note.body-saved', { id: noteId(i), ...body(words) }];
      }
    } else if (kind === 'library') {
      for (let i = 0; i < notes; i++) {
        const at = now - (notes - i) * 60_000;
        yield [at, 'note.created', { id: noteId(i), title: `${text(3)} ${i % 7 === 0 ? '' : i}`.trim() }];
        yield [at + 1000, 'note.body-saved', { id: noteId(i), ...libraryBody(i, words) }];
        if (i % 9 === 0) yield [at + 2000, 'note.starred', { id: noteId(i) }];
      }
    } else if (kind === 'growth') {
      for (let i = 0; i < notes; i++) yield [now - 366 * DAY + i * 1000, 'note.created', { id: noteId(i), title: `Note ${i}` }];
      const revs = new Array<number>(notes).fill(0);
      const perNote = events / notes;
      for (let k = 0; k < events; k++) {
        const i = Math.floor(rand() * notes);
        const grown = Math.min(1, revs[i]++ / perNote);
        yield [
          now - 365 * DAY + Math.floor((k / events) * 365 * DAY),
          'note.body-saved',
          { id: noteId(i), ...body(Math.round(20 + grown * (words - 20))) },
        ];
      }
    } else {
      // startup / tail: many notes, then a mix of the common events on them.
      const first = kind === 'startup' ? notes : 0;
      if (kind === 'startup')
        for (let i = 0; i < notes; i++) yield [now - 200 * DAY + i * 1000, 'note.created', { id: noteId(i), title: `${text(2)} ${i}` }];
      const rest = events - first;
      for (let k = 0; k < rest; k++) {
        const id = noteId(Math.floor(rand() * notes));
        const at = now - (kind === 'tail' ? DAY : 100 * DAY) + Math.floor((k / rest) * (kind === 'tail' ? DAY : 99 * DAY));
        const r = rand();
        if (r < 0.7) yield [at, 'note.body-saved', { id, ...body(10 + Math.floor(rand() * 40)) }];
        else if (r < 0.85) yield [at, 'note.renamed', { id, title: text(3) }];
        else if (r < 0.95) yield [at, 'note.selected', { id }];
        else yield [at, rand() < 0.5 ? 'note.starred' : 'note.unstarred', { id }];
      }
    }
  }

  // The app's own open (bench/seed/main.ts): its database name, version and stores.
  const db = await window.__logDatabase!.open();
  let seq = spec.firstSeq;
  let bytes = 0;
  let batch: unknown[] = [];
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      const tx = db.transaction('events', 'readwrite');
      for (const e of batch) tx.objectStore('events').put(e);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('seeding transaction aborted'));
      batch = [];
    });
  for (const [at, type, payload] of generate()) {
    const event = { v: 1, seq, id: uuid(), at: new Date(at).toISOString(), type, payload };
    bytes += JSON.stringify(event).length;
    batch.push(event);
    seq++;
    if (batch.length >= 1000) await flush();
  }
  if (batch.length) await flush();
  db.close();
  if (spec.skipCompaction) localStorage.setItem('notepad:compacted-at', String(spec.now));
  else localStorage.removeItem('notepad:compacted-at');
  return { events: seq - spec.firstSeq, lastSeq: seq - 1, bytes };
}
