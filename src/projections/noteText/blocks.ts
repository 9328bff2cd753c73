import { NOTE_LINK_TYPE, noteLinkProps } from '../noteLinks/noteLinkShape';

/*
 * Step 1 of the note-text pipeline (docs/architecture.md "Note text pipeline"): a BlockNote document,
 * read as plain JSON, becomes a tree of text nodes that every reader of a note's text starts from
 * (plain-text export, search, dashboard statistics, the AI helpers' input).
 *
 * Lossy on purpose: styles are dropped except the follow-up highlight (the dashboard lists follow-up
 * items), links keep their text but not their address, a link to a note is reported with its note id
 * and the text it was written with (`readBlocks` shows the note's current title when it is given
 * one), and of a block's props only `checked` (the
 * checklist marker of the export) and a string `caption` (text the user wrote) are kept. Values of
 * unexpected shape (not objects, rows without cells) are skipped rather than thrown on: stored
 * documents come from older versions and imports too.
 */

/** A piece of inline text and whether it carries the follow-up highlight. */
export interface TextRun {
  text: string;
  followUp: boolean;
}

/** One block reduced to its text. */
export interface TextNode {
  /** BlockNote block type (`paragraph`, `bulletListItem`, `table`, `image`, ...); '' when missing. */
  type: string;
  /** What the block holds: inline text, a table, or nothing (images and other files). */
  kind: 'inline' | 'table' | 'none';
  /** The inline text (kind `inline`). */
  runs: TextRun[];
  /** The table's rows, each a list of cells, each cell inline text (kind `table`). */
  rows: TextRun[][][];
  /** A checklist item's state. */
  checked: boolean;
  /** The block's caption when it has one (images, files), else null. */
  caption: string | null;
  children: TextNode[];
}

/**
 * What reading a BlockNote document reports, in document order: for each block `enter`, its inline
 * text as `run`s and `noteLink`s (for a table: `row`, then those and `cellEnd` per cell), its
 * `caption`, `contentEnd`, then its nested blocks, then `leave`. Visitors build the text tree (`readBlocks`) or stream the
 * text straight to a sink (`streamBlocks`), without a tree, for the search index's hot path.
 */
export interface BlockVisitor {
  enter(type: string, kind: TextNode['kind'], checked: boolean): void;
  run(text: string, followUp: boolean): void;
  /** A link to note `noteId`, written as `label` (docs/architecture.md "Links between notes"). */
  noteLink(noteId: string, label: string): void;
  row(): void;
  cellEnd(): void;
  caption(text: string): void;
  contentEnd(): void;
  leave(): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Inline content: plain strings, styled text, links to notes, and links or other inline content holding styled text. */
function visitInline(items: readonly unknown[], visitor: BlockVisitor): void {
  for (const item of items) {
    if (typeof item === 'string') visitor.run(item, false);
    else if (!isRecord(item)) continue;
    else if (item.type === 'text' && typeof item.text === 'string')
      visitor.run(item.text, isRecord(item.styles) && item.styles.followUp === true);
    else if (item.type === NOTE_LINK_TYPE) {
      const link = noteLinkProps(item);
      if (link) visitor.noteLink(link.noteId, link.label);
    } else if (Array.isArray(item.content)) visitInline(item.content, visitor);
  }
}

/** A table's rows; a cell is inline content, or (BlockNote 0.55) a `tableCell` object holding it. */
function visitRows(rows: readonly unknown[], visitor: BlockVisitor): void {
  for (const row of rows) {
    if (!isRecord(row) || !Array.isArray(row.cells)) continue;
    visitor.row();
    for (const cell of row.cells as unknown[]) {
      const inline = Array.isArray(cell) ? cell : isRecord(cell) ? cell.content : undefined;
      if (Array.isArray(inline)) visitInline(inline, visitor);
      visitor.cellEnd();
    }
  }
}

/**
 * Read BlockNote blocks (a whole document, or any list of blocks) as plain JSON and report them to
 * `visitor`. The one place that knows the document's shape. Pure; never throws on odd shapes.
 */
export function visitBlocks(blocks: readonly unknown[], visitor: BlockVisitor): void {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const { content, props } = block;
    const kind =
      typeof content === 'string' || Array.isArray(content)
        ? 'inline'
        : isRecord(content) && Array.isArray(content.rows)
          ? 'table'
          : 'none';
    visitor.enter(typeof block.type === 'string' ? block.type : '', kind, isRecord(props) && Boolean(props.checked));
    if (typeof content === 'string') visitor.run(content, false);
    else if (Array.isArray(content)) visitInline(content, visitor);
    else if (kind === 'table') visitRows((content as { rows: unknown[] }).rows, visitor);
    if (isRecord(props) && typeof props.caption === 'string') visitor.caption(props.caption);
    visitor.contentEnd();
    if (Array.isArray(block.children)) visitBlocks(block.children, visitor);
    visitor.leave();
  }
}

/** The current title of note `noteId`, or undefined when there is no such note (deleted, or never made). */
export type NoteTitleOf = (noteId: string) => string | undefined;

/**
 * The text tree of BlockNote blocks, for the readers that need the layout (plain-text export, the AI
 * helpers' input). A link to a note reads as that note's current title (`titleOf`), or as the text
 * it was written with when the note is gone or no titles are given. Pure; never throws. Implements
 * the reading behind docs/product.md "Exports" and "AI helpers".
 */
export function readBlocks(blocks: readonly unknown[], titleOf?: NoteTitleOf): TextNode[] {
  const roots: TextNode[] = [];
  const stack: TextNode[] = [];
  let cell: TextRun[] = [];
  const current = () => stack[stack.length - 1];
  const push = (text: string, followUp: boolean) => {
    const node = current();
    (node.kind === 'table' ? cell : node.runs).push({ text, followUp });
  };
  visitBlocks(blocks, {
    enter(type, kind, checked) {
      const node: TextNode = { type, kind, runs: [], rows: [], checked, caption: null, children: [] };
      (stack.length ? current().children : roots).push(node);
      stack.push(node);
    },
    run: push,
    noteLink: (noteId, label) => push(titleOf?.(noteId) ?? label, false),
    row() {
      current().rows.push([]);
      cell = [];
    },
    cellEnd() {
      const { rows } = current();
      rows[rows.length - 1].push(cell);
      cell = [];
    },
    caption(text) {
      current().caption = text;
    },
    contentEnd() {},
    leave() {
      stack.pop();
    },
  });
  return roots;
}

/** The text of inline runs, joined. */
export const runsText = (runs: readonly TextRun[]): string => runs.map((run) => run.text).join('');
