/** What `seedLibraryInPage` writes (docs/benchmarks.md "Library figures"). */
export interface LibrarySpec {
  /** Notes the import brings (10,000 or 50,000). */
  notes: number;
  /** Edit events over the year after the import (body saves, renames, stars, moves, deletes, selections). */
  edits: number;
  now: number;
  seed: number;
  vocab: string[];
  /** Mark compaction as just done, so the app does not compact in idle time during a measurement. */
  skipCompaction: boolean;
  /**
   * Notebooks and tags, as an import from an app that has them leaves them (docs/benchmarks.md
   * "Organisation figures"): `notebooks` notebooks three levels deep made before the import, every
   * imported note (schema version 4) in one of them (9 in 10) with 1-4 of `tags` tags (nested two
   * levels by `/`), and the tag `renamedTag` (a top one of its own) on every `renamedEvery`-th note.
   */
  organise?: { notebooks: number; tags: number; renamedEvery: number; renamedTag: string };
  /**
   * Write only the events numbered `from` to `to - 1` (1-based, in the order generated; all are
   * generated, so every slice is the same log's). A slice after the first goes after the events the
   * store already holds (the app's own, such as a selection), so seqs shift by those.
   */
  slice?: { from: number; to: number };
}

/** How many events `seedLibraryInPage` generates for `spec` (the notebooks, the import, its records and summary, then the edits). */
export function libraryEventCount(spec: Pick<LibrarySpec, 'notes' | 'edits' | 'organise'>): number {
  return (spec.organise?.notebooks ?? 0) + spec.notes + Math.ceil(spec.notes / 200) + 1 + spec.edits;
}

/** What was written: events (generated), the last seq stored, JSON bytes (of the slice), and the library's shape for the report. */
export interface LibrarySeeded {
  events: number;
  lastSeq: number;
  bytes: number;
  live: number;
  starred: number;
  longNotes: number;
  imageNotes: number;
  /** Ids of live notes of each kind (the stage opens them and edits them). */
  sample: { short: string; long: string; image: string };
}

/**
 * Runs IN THE PAGE (passed to `page.evaluate`, so it must be self-contained): write into NotePad's
 * IndexedDB log (opened by the app's own code on the seeding page, bench/seed/main.ts; stored form
 * of src/events/storedForm.ts: a document as `blocksJson`) the history an import of `notes` notes and a year of use leave:
 *
 * - one Evernote import, a year ago: `note.imported` events of schema version 3 with `blocks` and
 *   the HTML BlockNote derives from them, an `import.notes-added` record per 200 notes and an
 *   `import.finished`; ids are creation times over the ten years before it, `modified` after that;
 *   92% of the notes a few paragraphs (some with a heading, a list or a checklist), 5% long (500-650
 *   blocks of short lines), 3% with a photo (an 800 x 600 JPEG as a data URL, as the import stores it);
 *   4% of them starred;
 * - then `edits` events over the year: body saves (editor saves with their `base`, 1% of them on a
 *   long note), renames, stars and unstars (ending at 5% starred: 500 of 10,000), moves, deletes and selections.
 *
 * Seeded PRNG: the same spec writes the same log. Returns counts and a few note ids of each kind.
 */
export async function seedLibraryInPage(spec: LibrarySpec): Promise<LibrarySeeded> {
  let a = spec.seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const text = (n: number) => Array.from({ length: n }, () => spec.vocab[Math.floor(spec.vocab.length * rand() ** 3)]).join(' ');
  const DAY = 86_400_000;
  const YEAR = 365 * DAY;

  // BlockNote 0.55's JSON and full HTML of each block kind (checked against the editor: docs/benchmarks.md).
  const PROPS = '"backgroundColor":"default","textColor":"default","textAlignment":"left"';
  const outer = (id: string, content: string) =>
    `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${id}"><div class="bn-block" data-node-type="blockContainer" data-id="${id}">${content}</div></div>`;
  type Block = { json: string; html: string };
  const inline = (t: string) => `"content":[{"type":"text","text":"${t}","styles":{}}],"children":[]`;
  const paragraph = (t: string): Block => {
    const id = uuid();
    return {
      json: `{"id":"${id}","type":"paragraph","props":{${PROPS}},${inline(t)}}`,
      html: outer(id, `<div class="bn-block-content" data-content-type="paragraph"><p class="bn-inline-content">${t}</p></div>`),
    };
  };
  const heading = (t: string): Block => {
    const id = uuid();
    return {
      json: `{"id":"${id}","type":"heading","props":{${PROPS},"level":2,"isToggleable":false},${inline(t)}}`,
      html: outer(
        id,
        `<div class="bn-block-content" data-content-type="heading" data-level="2"><h2 class="bn-inline-content">${t}</h2></div>`,
      ),
    };
  };
  const bullet = (t: string): Block => {
    const id = uuid();
    return {
      json: `{"id":"${id}","type":"bulletListItem","props":{${PROPS}},${inline(t)}}`,
      html: outer(id, `<div class="bn-block-content" data-content-type="bulletListItem"><p class="bn-inline-content">${t}</p></div>`),
    };
  };
  const check = (t: string, checked: boolean): Block => {
    const id = uuid();
    return {
      json: `{"id":"${id}","type":"checkListItem","props":{${PROPS},"checked":${checked}},${inline(t)}}`,
      html: outer(
        id,
        `<div class="bn-block-content" data-content-type="checkListItem"${checked ? ' data-checked="true"' : ''}><div><input type="checkbox"${checked ? ' checked=""' : ''} disabled=""></div><p class="bn-inline-content">${t}</p></div>`,
      ),
    };
  };
  const image = (url: string, name: string): Block => {
    const id = uuid();
    return {
      json: `{"id":"${id}","type":"image","props":{"textAlignment":"left","backgroundColor":"default","name":"${name}","url":"${url}","caption":"","showPreview":true,"previewWidth":512},"children":[]}`,
      html: outer(
        id,
        `<div class="bn-block-content" data-content-type="image" data-name="${name}" data-url="${url}" data-preview-width="512" data-file-block=""><div class="bn-file-block-content-wrapper" style="position: relative; width: 512px;"><div class="bn-visual-media-wrapper"><img class="bn-visual-media" src="${url}" alt="${name}" draggable="false" width="512"><div class="bn-resize-handle" style="left: 4px; display: none;"></div><div class="bn-resize-handle" style="right: 4px; display: none;"></div></div></div></div>`,
      ),
    };
  };
  const body = (blocks: Block[]) => ({
    blocksJson: `[${blocks.map((b) => b.json).join(',')}]`,
    html: `<div class="bn-block-group" data-node-type="blockGroup">${blocks.map((b) => b.html).join('')}</div>`,
  });

  // Photos: a gradient, shapes and a band of noise, 800 x 600 (the import's widest), JPEG at 0.8.
  const canvas = document.createElement('canvas');
  canvas.width = 800;
  canvas.height = 600;
  const photo = (i: number) => {
    const c = canvas.getContext('2d')!;
    const g = c.createLinearGradient(0, 0, 800, 600);
    g.addColorStop(0, `hsl(${(i * 37) % 360} 60% 40%)`);
    g.addColorStop(1, `hsl(${(i * 91) % 360} 70% 70%)`);
    c.fillStyle = g;
    c.fillRect(0, 0, 800, 600);
    for (let k = 0; k < 30; k++) {
      c.fillStyle = `hsl(${int(0, 359)} 60% ${int(20, 80)}%)`;
      c.beginPath();
      c.arc(int(0, 800), int(0, 600), int(10, 120), 0, 2 * Math.PI);
      c.fill();
    }
    const band = c.getImageData(0, 250, 800, 60);
    for (let p = 0; p < band.data.length; p += 4) band.data[p] = band.data[p + 1] = band.data[p + 2] = Math.floor(rand() * 256);
    c.putImageData(band, 0, 250);
    return canvas.toDataURL('image/jpeg', 0.8);
  };

  type Kind = 'short' | 'long' | 'image';
  const photos = new Map<string, string>();
  const shortBlocks = (): Block[] => {
    const blocks: Block[] = [];
    if (rand() < 0.2) blocks.push(heading(text(int(2, 5))));
    for (let p = int(1, 6); p > 0; p--) blocks.push(paragraph(text(int(10, 80))));
    const r = rand();
    if (r < 0.12) for (let k = int(2, 6); k > 0; k--) blocks.push(bullet(text(int(3, 10))));
    else if (r < 0.2) for (let k = int(2, 6); k > 0; k--) blocks.push(check(text(int(2, 8)), rand() < 0.4));
    return blocks;
  };
  const longBlocks = (): Block[] => {
    const blocks: Block[] = [];
    for (let k = int(500, 650); k > 0; k--) {
      const r = rand();
      if (r < 0.6) blocks.push(paragraph(text(int(5, 25))));
      else if (r < 0.8) blocks.push(bullet(text(int(3, 10))));
      else if (r < 0.9) blocks.push(check(text(int(2, 8)), rand() < 0.5));
      else blocks.push(heading(text(int(2, 5))));
    }
    return blocks;
  };
  const bodyOf = (id: string, kind: Kind) => {
    if (kind === 'long') return body(longBlocks());
    const blocks = shortBlocks();
    if (kind === 'image') blocks.splice(1, 0, image(photos.get(id)!, 'photo.jpg'));
    return body(blocks);
  };

  // The notes, in the order the export lists them: by creation time over the ten years before the import.
  const importAt = spec.now - YEAR;
  const kinds: Kind[] = [];
  const ids: string[] = [];
  const created: number[] = [];
  for (let i = 0; i < spec.notes; i++) created.push(importAt - 10 * YEAR + Math.floor(rand() * 10 * YEAR));
  created.sort((x, y) => x - y);
  const taken = new Set<string>();
  for (let i = 0; i < spec.notes; i++) {
    let ms = created[i];
    while (taken.has(String(ms))) ms += 1;
    taken.add(String(ms));
    ids.push(String(ms));
    const r = rand();
    kinds.push(r < 0.05 ? 'long' : r < 0.08 ? 'image' : 'short');
  }
  for (let i = 0; i < spec.notes; i++) if (kinds[i] === 'image') photos.set(ids[i], photo(i));

  // The app's own open (bench/seed/main.ts): its database name, version and stores, also for a
  // later slice, which finds the database the app opened in between.
  const db = await window.__logDatabase!.open();
  let seq = 1;
  // A later slice goes after what the store holds: the earlier slices and the events the app appended since.
  const slice = spec.slice ?? { from: 1, to: Infinity };
  const lastStored = await new Promise<number>((resolve, reject) => {
    const req = db.transaction('events').objectStore('events').openCursor(null, 'prev');
    req.onsuccess = () => resolve(req.result ? Number(req.result.key) : 0);
    req.onerror = () => reject(req.error);
  });
  const shift = Math.max(0, lastStored - (slice.from - 1));
  let bytes = 0;
  let batch: unknown[] = [];
  let batchBytes = 0;
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      const tx = db.transaction('events', 'readwrite');
      for (const e of batch) tx.objectStore('events').put(e);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('seeding transaction aborted'));
      batch = [];
      batchBytes = 0;
    });
  // Organisation needs schema version 4 (its event types, and a notebook and tags on note.imported).
  const version = spec.organise ? 4 : 3;
  const write = async (at: number, type: string, payload: Record<string, unknown>, blocksJson?: string, eventId?: string) => {
    const id = eventId ?? uuid();
    const mine = seq >= slice.from && seq < slice.to;
    seq++;
    if (!mine) return id;
    const event: Record<string, unknown> = { v: version, seq: seq - 1 + shift, id, at: new Date(at).toISOString(), type, payload };
    if (blocksJson !== undefined) event.blocksJson = blocksJson;
    const size = JSON.stringify(event).length;
    bytes += size;
    batchBytes += size;
    batch.push(event);
    if (batch.length >= 500 || batchBytes > 8e6) await flush();
    return id;
  };

  // Notebooks three levels deep (a fifteenth at the top, four fifteenths under those, the rest under
  // those), made before the import; tags nested two levels, `renamedTag` a top one of its own. A PRNG
  // of their own, so the notes, bodies and edits are those of the library without them.
  const notebookIds: string[] = [];
  const tagPaths: string[] = [];
  let b = (spec.seed ^ 0x5bd1e995) >>> 0;
  const orgRand = () => {
    b = (b + 0x6d2b79f5) >>> 0;
    let t = b;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const word = () => spec.vocab[Math.floor(spec.vocab.length * orgRand() ** 2)];
  if (spec.organise) {
    const { notebooks, tags } = spec.organise;
    const top = Math.max(1, Math.round(notebooks / 15));
    const middle = Math.max(top, Math.round((notebooks * 4) / 15));
    for (let i = 0; i < notebooks; i++) {
      const parent = i < top ? null : i < top + middle ? notebookIds[(i - top) % top] : notebookIds[top + ((i - top - middle) % middle)];
      const id = `nb-${i.toString(16).padStart(4, '0')}-${Math.floor(orgRand() * 2 ** 32).toString(16)}`;
      notebookIds.push(id);
      const name = `${word().replace(/^./, (c) => c.toUpperCase())} ${word()} ${i}`;
      const eventId = `${id.slice(3).padEnd(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await write(importAt - DAY + i, 'notebook.created', { notebook: id, name, parent }, undefined, eventId);
    }
    tagPaths.push(spec.organise.renamedTag);
    for (let t = 1; tagPaths.length < tags; t++) {
      const name = `${word()}-${t}`;
      tagPaths.push(name);
      for (let k = 0; k < 4 && tagPaths.length < tags; k++) tagPaths.push(`${name}/${word()}-${k}`);
    }
  }
  const organisationOf = (i: number): Record<string, unknown> => {
    if (!spec.organise) return {};
    const tags = new Set<string>();
    for (let k = 1 + Math.floor(orgRand() * 4); k > 0; k--) tags.add(tagPaths[1 + Math.floor(orgRand() * (tagPaths.length - 1))]);
    if (i % spec.organise.renamedEvery === 0) tags.add(spec.organise.renamedTag);
    const notebook = orgRand() < 0.9 ? { notebook: notebookIds[Math.floor(orgRand() * notebookIds.length)] } : {};
    return { ...notebook, tags: [...tags] };
  };

  // The import: 200 notes a batch, each batch with its record, then the summary.
  const importId = uuid();
  const file = 'My Notes.enex';
  const rev = new Map<string, string>();
  const starred = new Set<string>();
  const live = new Set<string>(ids);
  const modifiedOf = (i: number) => Math.min(importAt - DAY, created[i] + Math.floor(rand() ** 2 * YEAR));
  for (let from = 0; from < spec.notes; from += 200) {
    const batchIds: string[] = [];
    const batchModified: string[] = [];
    for (let i = from; i < Math.min(spec.notes, from + 200); i++) {
      const id = ids[i];
      const modified = new Date(modifiedOf(i)).toISOString();
      const star = rand() < 0.04;
      if (star) starred.add(id);
      const { html, blocksJson } = bodyOf(id, kinds[i]);
      const title = `${text(int(1, 5))}`.replace(/^./, (c) => c.toUpperCase());
      const payload = { id, title, modified, html, starred: star, source: 'evernote', importId, file, ...organisationOf(i) };
      rev.set(id, await write(importAt + i, 'note.imported', payload, blocksJson));
      batchIds.push(id);
      batchModified.push(modified);
    }
    await write(importAt + from + 200, 'import.notes-added', { id: 'imports', importId, notes: batchIds, modified: batchModified });
  }
  const summary = { file, app: 'evernote', imported: spec.notes, skipped: [], dropped: [] };
  await write(importAt + spec.notes + 1000, 'import.finished', { id: 'imports', importId, files: [summary], cancelled: false });

  // A year of use: times spread evenly, an edit every ~30 min of the working day on average.
  const liveIds = () => [...live];
  let pool = liveIds();
  const kindOf = new Map(ids.map((id, i) => [id, kinds[i]]));
  const pick = (want?: Kind) => {
    for (;;) {
      const id = pool[Math.floor(rand() * pool.length)];
      if (live.has(id) && (!want || kindOf.get(id) === want)) return id;
    }
  };
  const starTarget = Math.round(spec.notes * 0.05);
  for (let k = 0; k < spec.edits; k++) {
    const at = importAt + DAY + Math.floor((k / spec.edits) * (YEAR - 2 * DAY));
    const r = rand();
    const left = spec.edits - k;
    // Stars follow the target: the year ends with exactly `starTarget` starred notes.
    const starGap = starTarget - starred.size;
    if (starGap !== 0 && rand() < Math.min(1, Math.abs(starGap) / left) * 4) {
      if (starGap > 0) {
        let id = pick();
        while (starred.has(id)) id = pick();
        starred.add(id);
        await write(at, 'note.starred', { id });
      } else {
        const id = [...starred][Math.floor(rand() * starred.size)];
        starred.delete(id);
        await write(at, 'note.unstarred', { id });
      }
      continue;
    }
    if (r < 0.62) {
      const id = rand() < 0.01 ? pick('long') : pick(rand() < 0.03 ? 'image' : 'short');
      const { html, blocksJson } = bodyOf(id, kindOf.get(id)!);
      rev.set(id, await write(at, 'note.body-saved', { id, html, base: rev.get(id) }, blocksJson));
    } else if (r < 0.77) {
      await write(at, 'note.renamed', { id: pick(), title: text(int(1, 5)) });
    } else if (r < 0.82) {
      await write(at, 'note.moved', { id: pick(), direction: rand() < 0.5 ? 'up' : 'down' });
    } else if (r < 0.835) {
      let id = pick();
      while (starred.has(id)) id = pick();
      live.delete(id);
      await write(at, 'note.deleted', { id });
      if (live.size < pool.length * 0.9) pool = liveIds();
    } else {
      await write(at, 'note.selected', { id: pick() });
    }
  }
  if (batch.length) await flush();
  db.close();
  if (spec.skipCompaction) localStorage.setItem('notepad:compacted-at', String(spec.now));
  else localStorage.removeItem('notepad:compacted-at');
  const liveOf = (kind: Kind) => ids.find((id) => live.has(id) && kindOf.get(id) === kind) ?? '';
  return {
    events: seq - 1,
    lastSeq: Math.min(seq, slice.to) - 1 + shift,
    bytes,
    live: live.size,
    starred: starred.size,
    longNotes: ids.filter((id) => live.has(id) && kindOf.get(id) === 'long').length,
    imageNotes: ids.filter((id) => live.has(id) && kindOf.get(id) === 'image').length,
    sample: { short: liveOf('short'), long: liveOf('long'), image: liveOf('image') },
  };
}
