import { visitBlocks, type BlockVisitor } from './blocks';

/*
 * Step 2 for search and statistics (docs/architecture.md "Note text pipeline"): a note's text as a
 * stream of pieces and boundaries, in reading order. A boundary stands where one block, table cell
 * or caption ends and the next begins, so words never run on across it. Lossy: list markers,
 * numbering and nesting depth are dropped (search and word counts look at words, not layout).
 */

/** Receives a note's text in reading order. */
export interface TextSink {
  /** A piece of text; `followUp` when it carries the follow-up highlight. */
  text(text: string, followUp: boolean): void;
  /** The text a link to a note was written with (docs/architecture.md "Links between notes"). */
  noteLink(label: string): void;
  /** The end of a block, table cell or caption (also ends a run of follow-up text). */
  boundary(): void;
}

/**
 * Send the text of BlockNote `blocks` to `sink`: each block's inline text or table cells (a boundary
 * after each cell), then its caption after a boundary, then a boundary, then its nested blocks.
 */
export function streamBlocks(blocks: readonly unknown[], sink: TextSink): void {
  visitBlocks(blocks, {
    enter() {},
    run: (text, followUp) => sink.text(text, followUp),
    noteLink: (_, label) => sink.noteLink(label),
    row() {},
    cellEnd: () => sink.boundary(),
    caption(text) {
      sink.boundary();
      sink.text(text, false);
    },
    contentEnd: () => sink.boundary(),
    leave() {},
  });
}

/** A sink that joins the stream into one string, each boundary a newline, links to notes left out (search); `result()` returns it. */
export function joiningSink(): TextSink & { result(): string } {
  const parts: string[] = [];
  return {
    text: (text) => void parts.push(text),
    noteLink() {},
    boundary: () => void parts.push('\n'),
    result: () => parts.join(''),
  };
}

/** Pieces of the string `streamText` is building (it runs synchronously, so one buffer serves every call). */
const pieces: string[] = [];
const NEWLINE = '\n';
/** The stream's visitor for `streamText`, made once: the search index calls it for every block of every note. */
const joining: BlockVisitor = {
  enter() {},
  run: (text) => void pieces.push(text),
  noteLink() {},
  row() {},
  cellEnd: () => void pieces.push(NEWLINE),
  caption: (text) => void pieces.push(NEWLINE, text),
  contentEnd: () => void pieces.push(NEWLINE),
  leave() {},
};

/** The stream of BlockNote `blocks` as one string, boundaries as newlines, links to notes left out (what `joiningSink` gives, faster). */
export function streamText(blocks: readonly unknown[]): string {
  visitBlocks(blocks, joining);
  const text = pieces.join('');
  pieces.length = 0;
  return text;
}
