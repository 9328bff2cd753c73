/*
 * Obsidian's block syntax read before BlockNote's parser sees a note (docs/product.md "What each format
 * keeps"), outside fenced code:
 * - a callout (`> [!tip]- Title`, foldable with `-` or `+`, nested in quotes, GitHub's `> [!NOTE]` too)
 *   becomes a quote whose first line is its title in bold, or its type capitalised when it has none;
 *   its body lines stay the quote's. The callout's colour and folding have no place in a quote: dropped.
 * - a block id (`^b15695` ending a line, or alone on a line after a list or table) is not text: removed.
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
/** Quote markers, `[!type]`, an optional fold sign, an optional title. */
const CALLOUT = /^((?:[ \t]{0,3}>[ \t]?)+)\[!([\p{L}\p{N}_-]+)\][+-]?(?:[ \t]+(.*?))?[ \t\r]*$/u;
/** A block id at the end of a line, after a space or alone. */
const BLOCK_ID = /(^|[ \t])\^[A-Za-z0-9-]+[ \t\r]*$/;

/** The callout's title as shown: its own, else its type with a capital first letter. */
function calloutTitle(type: string, title: string | undefined): string {
  if (title?.trim()) return title.trim();
  return type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
}

/** One line outside code, rewritten: a callout's first line becomes two, a line that was only a block id none. */
function rewriteLine(line: string): string[] {
  const callout = CALLOUT.exec(line);
  if (callout) {
    const [, quote, type, title] = callout;
    // The empty quote line keeps the title a line of its own (BlockNote joins a paragraph's lines).
    return [`${quote}**${calloutTitle(type, title)}**`, quote.trimEnd()];
  }
  const id = BLOCK_ID.exec(line);
  if (!id) return [line];
  const rest = line.slice(0, id.index + id[1].length).trimEnd();
  // A line that held only the id (maybe inside a quote) goes.
  return /^[\s>]*$/.test(rest) ? [] : [rest];
}

/** A Markdown body with its callouts as quotes titled in bold and its block ids removed; code is left as written. */
export function readObsidianBlocks(body: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const open = FENCE_OPEN.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.trim().slice(open[1].length).trim()) fence = null;
      out.push(line);
      continue;
    }
    if (open) {
      fence = open[1];
      out.push(line);
      continue;
    }
    out.push(...rewriteLine(line));
  }
  return out.join('\n');
}
