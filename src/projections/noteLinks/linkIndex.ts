import { isUnreadBody, readBodyBlocks, type NoteBody, type NotesState } from '../notesState';
import { visitBlocks } from '../noteText/blocks';

/*
 * Which notes link to which (docs/architecture.md "Links between notes"): the backlinks behind
 * "Linked from" and the search's join of titles with links (docs/product.md "Search"). Derived
 * from the bodies alone, so every tab, device and replay agrees; kept up to date per body like
 * the search index: a save reads the saved body again, nothing else.
 */

/** The note ids an HTML body links to (`<a data-note-id>`): the browser reads it with DOMParser, Node tests with htmlparser2. */
export type HtmlNoteLinks = (html: string) => string[];

/** Every stored link to a note carries this attribute in the body's HTML, whatever the body was made from. */
const LINK_MARKER = 'data-note-id';

/** Look at the clock after this many notes of a budgeted update. */
const CLOCK_EVERY_NOTES = 64;

/**
 * The notes `blocks` link to, each once, in document order. Pure; never throws on odd shapes.
 * @internal Test seam: used here; the tests call it directly.
 */
export function blockLinkTargets(blocks: readonly unknown[]): string[] {
  const targets = new Set<string>();
  visitBlocks(blocks, {
    enter() {},
    run() {},
    noteLink: (noteId) => void targets.add(noteId),
    row() {},
    cellEnd() {},
    caption() {},
    contentEnd() {},
    leave() {},
  });
  return [...targets];
}

/**
 * The notes a body links to, each once: from its BlockNote document when it has one and it is read,
 * else from its HTML through `htmlLinks`. A body whose HTML holds no `data-note-id` links nowhere: its HTML is
 * the document's own (`blocksToFullHTML`) or the stored HTML itself, so most bodies are ruled out
 * by a substring check, without parsing a document. An unread body holding no HTML links to its
 * snapshot part's `links`. Read once per body object: the snapshot writer takes them from here too.
 */
export function bodyLinkTargets(body: NoteBody | undefined, htmlLinks: HtmlNoteLinks): readonly string[] {
  if (!body) return [];
  // An unread body without its HTML (docs/architecture.md "Documents by reference"): its snapshot kept its links.
  if (isUnreadBody(body) && body.html === undefined) return body.links ?? [];
  if (body.html === undefined || !body.html.includes(LINK_MARKER)) return [];
  let targets = readTargets.get(body);
  if (targets) return targets;
  // A document start-up left unread (docs/architecture.md "Snapshots"): its HTML holds the same links.
  const blocks = isUnreadBody(body) ? undefined : readBodyBlocks(body);
  targets = blocks?.length ? blockLinkTargets(blocks) : [...new Set(htmlLinks(body.html))];
  readTargets.set(body, targets);
  return targets;
}

/** The targets read per body object (bodies are immutable): a snapshot write takes them without parsing again. */
const readTargets = new WeakMap<NoteBody, readonly string[]>();

const NO_NOTES: ReadonlySet<string> = new Set();

/**
 * The links between the notes of a notes projection, incremental: `update` reads again only the
 * bodies whose HTML changed (one revision is one text) and forgets deleted notes, so a note deleted
 * no longer links anywhere while links *to* it stay (its linking notes show them as missing).
 */
export class LinkIndex {
  /**
   * Per note: the text its links were read from (its HTML, or the key of an unread body held without
   * HTML: one revision is one text), and the notes it links to.
   */
  private readonly read = new Map<string, { html: string; targets: readonly string[] }>();
  /** Per linked note: the notes linking to it. */
  private readonly sources = new Map<string, Set<string>>();
  private current: NotesState | null = null;
  private scan: { notes: NotesState; at: number } | null = null;
  private changes = 0;

  constructor(private readonly htmlLinks: HtmlNoteLinks) {}

  /** Counts changes of the links: equal between two reads means the answers are the same. */
  get version(): number {
    return this.changes;
  }

  /** True when the index reflects `notes` (no update needed before a query). */
  isCurrent(notes: NotesState): boolean {
    return this.current === notes || (this.current !== null && this.current.bodies === notes.bodies && this.current.order === notes.order);
  }

  /**
   * Bring the index up to date with `notes`. With `budgetMs` it stops after about that long
   * (idle-time work) and returns false; the next call continues where it stopped. Returns true
   * when the index is complete.
   */
  update(notes: NotesState, budgetMs = Infinity, now: () => number = () => performance.now()): boolean {
    if (this.isCurrent(notes)) {
      this.current = notes;
      return true;
    }
    const deadline = budgetMs === Infinity ? Infinity : now() + budgetMs;
    if (this.scan?.notes !== notes) this.scan = { notes, at: 0 };
    const { order } = notes;
    for (let i = this.scan.at; i < order.length; i++) {
      if (i > this.scan.at && i % CLOCK_EVERY_NOTES === 0 && now() > deadline) {
        this.scan.at = i;
        return false;
      }
      const id = order[i];
      const body = notes.bodies[id];
      const html = body ? (body.html ?? `\0${body.docKey}`) : '';
      if (this.read.get(id)?.html === html) continue;
      this.set(id, html, bodyLinkTargets(body, this.htmlLinks));
    }
    if (this.read.size > order.length) {
      for (const id of this.read.keys()) if (!notes.meta[id]) this.set(id, null, []);
    }
    this.current = notes;
    this.scan = null;
    return true;
  }

  /** The notes of `notes` that link to `noteId`, itself left out; brings the index up to date first. */
  linkedFrom(notes: NotesState, noteId: string): string[] {
    this.update(notes);
    return [...(this.sources.get(noteId) ?? NO_NOTES)].filter((id) => id !== noteId);
  }

  /** The notes of `notes` that link to any of `targets` (the search's join); brings the index up to date first. */
  linkingTo(notes: NotesState, targets: Iterable<string>): ReadonlySet<string> {
    this.update(notes);
    return this.linkingToAsRead(targets);
  }

  /**
   * The notes that link to any of `targets` among those read so far, reading no body: before a build
   * has ended, a subset of `linkingTo`'s answer (a note read from an older state may still be named).
   */
  linkingToAsRead(targets: Iterable<string>): ReadonlySet<string> {
    const found = new Set<string>();
    for (const target of targets) for (const id of this.sources.get(target) ?? NO_NOTES) found.add(id);
    return found;
  }

  /** Record that note `id` (HTML `html`, null once deleted) links to `targets`. */
  private set(id: string, html: string | null, targets: readonly string[]): void {
    const before = this.read.get(id);
    for (const target of before?.targets ?? []) {
      const from = this.sources.get(target);
      from?.delete(id);
      if (from?.size === 0) this.sources.delete(target);
    }
    for (const target of targets) {
      let from = this.sources.get(target);
      if (!from) this.sources.set(target, (from = new Set()));
      from.add(id);
    }
    if (html === null) this.read.delete(id);
    else this.read.set(id, { html, targets });
    if (before?.targets.length || targets.length) this.changes++;
  }
}
