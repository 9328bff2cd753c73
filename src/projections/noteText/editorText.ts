import { runsText, type TextNode } from './blocks';

/*
 * Step 2 for the AI helpers' input (docs/product.md "AI helpers"): the text tree as the editor itself
 * reads it out (ProseMirror's `textBetween` with a newline between blocks and a space for each leaf),
 * so what Summarize sends for a whole note equals what it sends for a selection of all of it.
 * Lossy: list markers, numbering, nesting and captions are dropped; a line break inside a block
 * becomes a space (the editor's hard break is a leaf), except in code, where it is text.
 */

/** The text units of `nodes` in document order: each block's text, each table cell, a space for a file block. */
function units(nodes: readonly TextNode[], out: string[]): string[] {
  for (const node of nodes) {
    if (node.kind === 'inline') {
      const text = runsText(node.runs);
      out.push(node.type === 'codeBlock' ? text : text.replace(/\n/g, ' '));
    } else if (node.kind === 'table') {
      for (const row of node.rows) for (const cell of row) out.push(runsText(cell).replace(/\n/g, ' '));
    } else out.push(' ');
    units(node.children, out);
  }
  return out;
}

/** The whole text of `nodes` as the editor reads it out: one unit per line, untidied. Pure. */
export function editorText(nodes: readonly TextNode[]): string {
  return units(nodes, []).join('\n');
}

/**
 * Step 3 for the AI helpers: blocks become lines; white space before a line end goes, runs of blank
 * lines collapse to one, and the text is trimmed (the helpers summarize words, not layout). Pure.
 */
export function tidyText(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
