/**
 * The search index over note bodies (docs/architecture.md "Search index"). One class in one file:
 * its update, query and stored-form methods all work on the same private postings and ordinals.
 */
import { isUnreadBody, readBodyBlocks, type NoteBody, type NotesState } from './notesState';
import { blockSearchText, bodySearchText, type HtmlText } from './searchText';
import { STORED_SEARCH_INDEX_FORMAT, type StoredSearchIndex } from './storedSearchIndex';

/** Removed entries may make up this share of the postings before they are swept out. */
const MAX_DEAD_SHARE = 0.5;
/** Notes whose tokens are kept per block, so saving one of them again re-reads only changed blocks. */
const RECENT_NOTES = 4;
/** Notes this long keep per-block tokens from their first indexing on (their first save is then cheap too). */
const PER_BLOCK_MIN_BLOCKS = 200;
const WHITESPACE = /\s+/;

/**
 * What the index holds for one note: the body it indexed, by its HTML (null when read from a stored
 * index, which keeps revisions only) and by its revision (the id of the event that set it:
 * NotesState.revs), and its ordinal in the postings.
 */
interface Indexed {
  html: string | null;
  rev: string | undefined;
  ord: number;
}

const NO_HTML_READ: ReadonlyMap<NoteBody, string> = new Map();

/** Whether `seen` indexed the body a note has now: by its HTML when known, else by its revision. */
function isSame(seen: Indexed, html: string, rev: string | undefined): boolean {
  return seen.html !== null ? seen.html === html : rev !== undefined && seen.rev === rev;
}

/** How far `SearchIndex.update` goes: its time budget and what it may read (see there). */
export interface IndexUpdate {
  /** Stop after about this long (ms), returning false; the next call goes on. Default: no limit. */
  budgetMs?: number;
  /** The clock the budget is read from (ms). Default: `performance.now`. */
  now?: () => number;
  /** Index bodies whose document is not read from their HTML. Default: false. */
  readUnread?: boolean;
  /** HTML read from their records for bodies that hold none (`lackingHtml`). */
  htmlRead?: ReadonlyMap<NoteBody, string>;
}

/**
 * A search index over note bodies (docs/product.md "Validation rules"),
 * kept by the projection layer: no I/O, no DOM (HTML-only bodies go through the given `htmlText`).
 * Its answers equal a scan of `bodySearchText` with `includes`, whatever the order of updates.
 *
 * Structure: the distinct whitespace-separated tokens of each body, lower-cased, map to the
 * ordinals of the notes holding them. A query without whitespace matches a text exactly when it
 * is inside one of its tokens, so a query scans the vocabulary (thousands of tokens) instead of
 * the text (megabytes), and marks notes in a typed array. A query with whitespace narrows to the
 * notes holding every part, then checks their text.
 *
 * Updates are incremental: `update` re-indexes only bodies whose HTML changed. A changed body
 * gets a new ordinal; the old one is dead and skipped until dead entries are swept.
 */
export class SearchIndex {
  private readonly byId = new Map<string, Indexed>();
  /** ordinal -> note id, undefined once that version of the body is superseded or deleted. */
  private ids: (string | undefined)[] = [];
  /** ordinal -> how many postings it has (to know when dead ones are worth sweeping). */
  private tokenCounts: number[] = [];
  /** token -> ordinals of the notes holding it (typed arrays as a stored index gave them, until added to). */
  private readonly postings = new Map<string, number[] | Uint32Array>();
  private postingCount = 0;
  private deadCount = 0;
  /** Counts additions and removals, so a stored copy is written only when something changed. */
  private changes = 0;
  /** The notes the index is complete for; an unfinished budgeted update keeps its place in `scan`. */
  private current: NotesState | null = null;
  private scan: { notes: NotesState; at: number } | null = null;
  private readonly texts = new WeakMap<NoteBody, string>();
  /** Bodies holding no HTML whose text a phrase query needed (`textsWanted`). */
  private readonly wanted = new Set<NoteBody>();
  /** For recently indexed notes with a BlockNote document: top-level block -> its distinct tokens. */
  private readonly recent = new Map<string, Map<unknown, string[]>>();
  /** A long note being read block by block across budgeted calls. */
  private work: {
    id: string;
    html: string;
    at: number;
    tokens: Set<string>;
    next: Map<unknown, string[]>;
    previous: Map<unknown, string[]> | undefined;
  } | null = null;

  constructor(private readonly htmlText: HtmlText) {}

  /** True when the index reflects `notes` (no update needed before a query). */
  isCurrent(notes: NotesState): boolean {
    return this.current === notes || (this.current !== null && this.current.bodies === notes.bodies && this.current.order === notes.order);
  }

  /**
   * Up to `max` bodies of `notes` that hold no HTML (their records do: docs/architecture.md "Documents
   * by reference") and have no entry of their revision: what `update` needs read, as `htmlRead`.
   */
  lackingHtml(notes: NotesState, max: number): NoteBody[] {
    const lacking: NoteBody[] = [];
    for (const id of notes.order) {
      const body = notes.bodies[id];
      if (!body || body.html !== undefined) continue;
      const seen = this.byId.get(id);
      const rev = notes.revs[id]?.id;
      if (seen && rev !== undefined && seen.rev === rev) continue;
      lacking.push(body);
      if (lacking.length >= max) break;
    }
    return lacking;
  }

  /**
   * Bring the index up to date with `notes`, indexing only bodies whose HTML changed and dropping
   * deleted notes. With `budgetMs` it stops after about that long (idle-time work) and returns
   * false; the next call continues where it stopped. Returns true when the index is complete.
   * Bodies whose document is not read (NoteBody.docKey) are indexed from their HTML with `readUnread`,
   * else left out (then it returns false: the index is not complete). A body that holds no HTML (its
   * record does: docs/architecture.md "Documents by reference") keeps an entry of its revision (the
   * stored index's), or is indexed from `htmlRead` (its HTML read from its record, `lackingHtml`),
   * else is left out too.
   */
  update(notes: NotesState, options: IndexUpdate = {}): boolean {
    const { budgetMs = Infinity, now = () => performance.now(), readUnread = false, htmlRead = NO_HTML_READ } = options;
    if (this.isCurrent(notes)) {
      this.current = notes;
      return true;
    }
    const deadline = budgetMs === Infinity ? Infinity : now() + budgetMs;
    let indexed = 0;
    if (this.scan?.notes !== notes) this.scan = { notes, at: 0 };
    const { order } = notes;
    let skipped = false;
    for (let i = this.scan.at; i < order.length; i++) {
      const id = order[i];
      const body = notes.bodies[id];
      const rev = notes.revs[id]?.id;
      const seen = this.byId.get(id);
      const html = body ? (body.html ?? htmlRead.get(body)) : '';
      if (html === undefined) {
        // Its HTML is in its record: an entry of its revision still answers; else it waits for `htmlRead`.
        if (seen && rev !== undefined && seen.rev === rev) continue;
        if (seen) this.forget(id, seen);
        skipped = true;
        continue;
      }
      if (seen && isSame(seen, html, rev)) continue;
      // A body whose document start-up left unread (docs/architecture.md "Snapshots") is read from its HTML,
      // in background slices only (`readUnread`): a query's update leaves it, so that no query parses
      // thousands of bodies' HTML, and until then an older entry of it matches nothing.
      if (!readUnread && isUnreadBody(notes.bodies[id])) {
        if (seen) this.forget(id, seen);
        skipped = true;
        continue;
      }
      // Each call reads at least one note (or part of one), so budgeted calls always progress.
      // A body read for its HTML is indexed from that HTML (`{ html }`: no document), which says the same text.
      const textBody = body && body.html === undefined ? { html } : body;
      const tokens = indexed > 0 && now() > deadline ? null : this.tokensOf(id, html, textBody, seen !== undefined, deadline, now);
      indexed += 1;
      if (!tokens) {
        this.scan.at = i; // out of time, before or inside this note: continue here next call
        return false;
      }
      if (seen) this.kill(seen.ord);
      // Matched by revision when the body holds no HTML: the entry keeps no copy of what was read.
      this.add(id, body && body.html === undefined ? null : html, rev, tokens);
    }
    if (this.byId.size > order.length) {
      for (const [id, seen] of this.byId) if (!notes.meta[id]) this.forget(id, seen);
    }
    if (this.deadCount > this.postingCount * MAX_DEAD_SHARE) this.sweep();
    this.scan = null;
    if (skipped) return false;
    this.current = notes;
    return true;
  }

  /**
   * A predicate telling whether a note's body text contains `query` (lower-cased and trimmed by
   * the caller, non-empty). Brings the index up to date with `notes` first.
   */
  bodyMatcher(notes: NotesState, query: string): (id: string) => boolean {
    this.update(notes);
    const parts = query.split(WHITESPACE).filter(Boolean);
    if (parts.length === 0) return () => false;
    const marks = this.tokenMatches(parts[0]);
    for (const part of parts.slice(1)) {
      const more = this.tokenMatches(part);
      for (let ord = 0; ord < marks.length; ord++) marks[ord] &= more[ord];
    }
    const whole = parts.length > 1;
    return (id) => {
      const seen = this.byId.get(id);
      if (!seen || !marks[seen.ord]) return false;
      // Each part lies in some token; only the text itself can say whether they are adjacent.
      return !whole || this.textOf(notes.bodies[id]).includes(query);
    };
  }

  /** How many notes and removals the index has taken in so far: a stored copy older than this is stale. */
  get version(): number {
    return this.changes;
  }

  /**
   * The index in its stored form (docs/architecture.md "Search index"), or null while it is not
   * complete for a projection (an update is unfinished). Notes without a revision are left out (the
   * next start reads them again). Superseded bodies are left out, so ordinals are renumbered.
   */
  toStored(): StoredSearchIndex | null {
    if (!this.current || this.scan) return null;
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    const revs: string[] = [];
    for (const [id, seen] of this.byId) {
      if (seen.rev === undefined) continue;
      renumber[seen.ord] = ids.length;
      ids.push(id);
      revs.push(seen.rev);
    }
    const tokens: string[] = [];
    const offsets: number[] = [0];
    const ords: number[] = [];
    for (const [token, list] of this.postings) {
      const before = ords.length;
      for (let k = 0; k < list.length; k++) {
        const ord = renumber[list[k]];
        if (ord >= 0) ords.push(ord);
      }
      if (ords.length === before) continue;
      tokens.push(token);
      offsets.push(ords.length);
    }
    return {
      format: STORED_SEARCH_INDEX_FORMAT,
      ids,
      revs,
      tokens: tokens.join('\n'),
      offsets: Uint32Array.from(offsets),
      ords: Uint32Array.from(ords),
    };
  }

  /**
   * Take in a stored index (`toStored` of an earlier page) as the notes' starting point: a note
   * whose revision is the stored one is not read again, the others are at the next update. Only
   * into an empty index; false (nothing changed) when not empty or the form is not this build's.
   */
  loadStored(stored: StoredSearchIndex): boolean {
    if (this.ids.length > 0 || stored.format !== STORED_SEARCH_INDEX_FORMAT) return false;
    const tokens = stored.tokens === '' ? [] : stored.tokens.split('\n');
    const { ids, revs, offsets, ords } = stored;
    if (ids.length !== revs.length || offsets.length !== tokens.length + 1 || offsets[tokens.length] !== ords.length) return false;
    this.ids = [...ids];
    this.tokenCounts = new Array<number>(ids.length).fill(0);
    ids.forEach((id, ord) => this.byId.set(id, { html: null, rev: revs[ord], ord }));
    for (let t = 0; t < tokens.length; t++) {
      const list = ords.subarray(offsets[t], offsets[t + 1]);
      this.postings.set(tokens[t], list);
      for (let k = 0; k < list.length; k++) this.tokenCounts[list[k]]++;
    }
    this.postingCount = ords.length;
    this.current = null;
    this.scan = null;
    return true;
  }

  /** Marks (by ordinal) the live notes with a token containing `part`. */
  private tokenMatches(part: string): Uint8Array {
    const marks = new Uint8Array(this.ids.length);
    for (const [token, ords] of this.postings) {
      if (!token.includes(part)) continue;
      for (let k = 0; k < ords.length; k++) marks[ords[k]] = 1;
    }
    // Dead ordinals may be marked; lookups go through byId, which only knows live ones.
    return marks;
  }

  private textOf(body: NoteBody | undefined): string {
    if (!body) return '';
    let text = this.texts.get(body);
    if (text === undefined) {
      // Its HTML is in its record (docs/architecture.md "Documents by reference"): the phrase is checked once
      // the live index has read it (`textsWanted`, `supplyTexts`), which then asks for the rows again.
      if (body.html === undefined) {
        this.wanted.add(body);
        return '';
      }
      text = bodySearchText(body, this.htmlText);
      this.texts.set(body, text);
    }
    return text;
  }

  /**
   * Up to `max` bodies holding no HTML whose text a phrase query needed since the last call (their
   * tokens matched; whether the words are adjacent only their text says), taken off the list.
   */
  textsWanted(max: number): NoteBody[] {
    const taken = [...this.wanted].slice(0, max);
    for (const body of taken) this.wanted.delete(body);
    return taken;
  }

  /** The HTML read of bodies `textsWanted` named: their texts are kept per body as any body's. */
  supplyTexts(read: ReadonlyMap<NoteBody, string>): void {
    for (const [body, html] of read) this.texts.set(body, bodySearchText({ html }, this.htmlText));
  }

  /**
   * The distinct tokens of a body, or null when `deadline` passed first (then the next call
   * continues where this one stopped). When a long note, or a note indexed again (it was saved),
   * has a BlockNote document, tokens are gathered per top-level block: the editor shares
   * unchanged block objects between saves, so re-indexing a 5,000-block note reads the changed
   * blocks only, not the whole note, and a first reading can be split across slices.
   */
  private tokensOf(
    id: string,
    html: string,
    body: NoteBody | undefined,
    again: boolean,
    deadline: number,
    now: () => number,
  ): Set<string> | null {
    // A small note indexed for the first time (start-up: thousands of them) is read in one piece.
    const blocks = (isUnreadBody(body) ? undefined : readBodyBlocks(body)) ?? [];
    if (blocks.length === 0 || (!again && blocks.length < PER_BLOCK_MIN_BLOCKS)) {
      const tokens = new Set(bodySearchText(body, this.htmlText).split(WHITESPACE));
      tokens.delete('');
      return tokens;
    }
    let work = this.work;
    if (!work || work.id !== id || work.html !== html) {
      work = this.work = { id, html, at: 0, tokens: new Set(), next: new Map(), previous: this.recent.get(id) };
    }
    while (work.at < blocks.length) {
      const block = blocks[work.at++];
      const own =
        work.previous?.get(block) ?? work.next.get(block) ?? [...new Set(blockSearchText(block).split(WHITESPACE))].filter(Boolean);
      work.next.set(block, own);
      for (const token of own) work.tokens.add(token);
      // Look at the clock every 64 blocks (after reading some, so every slice makes progress).
      if ((work.at & 63) === 0 && work.at < blocks.length && now() > deadline) return null;
    }
    this.work = null;
    this.recent.delete(id);
    this.recent.set(id, work.next);
    if (this.recent.size > RECENT_NOTES) this.recent.delete(this.recent.keys().next().value!);
    return work.tokens;
  }

  /** Drop note `id`'s entry `seen`: it matches nothing until indexed again. */
  private forget(id: string, seen: Indexed): void {
    this.kill(seen.ord);
    this.byId.delete(id);
    this.recent.delete(id);
  }

  private add(id: string, html: string | null, rev: string | undefined, tokens: Set<string>): void {
    const ord = this.ids.length;
    this.ids.push(id);
    this.tokenCounts.push(0);
    this.byId.set(id, { html, rev, ord });
    for (const token of tokens) {
      const list = this.postings.get(token);
      if (Array.isArray(list)) list.push(ord);
      else this.postings.set(token, list ? [...list, ord] : [ord]);
    }
    this.changes++;
    this.tokenCounts[ord] = tokens.size;
    this.postingCount += tokens.size;
  }

  private kill(ord: number): void {
    if (this.ids[ord] === undefined) return;
    this.ids[ord] = undefined;
    this.deadCount += this.tokenCounts[ord];
    this.changes++;
  }

  /** Drop postings of superseded and deleted bodies, and tokens no live note holds. */
  private sweep(): void {
    let count = 0;
    for (const [token, ords] of this.postings) {
      const live: number[] = [];
      for (let k = 0; k < ords.length; k++) if (this.ids[ords[k]] !== undefined) live.push(ords[k]);
      if (live.length) this.postings.set(token, live);
      else this.postings.delete(token);
      count += live.length;
    }
    this.postingCount = count;
    this.deadCount = 0;
  }
}
