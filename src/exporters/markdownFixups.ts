/*
 * Steps 4 and 5 of the Markdown of a note (docs/architecture.md "Export all notes"), on the text
 * BlockNote wrote. Both leave fenced code alone, so code that looks like a list stays as it was typed.
 */

/** A fence opening or closing a code block, with its indentation (inside list items). */
const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
/** A bullet or task list item as BlockNote writes it: "* ", "* [ ] ", "* [x] ". */
const STAR_ITEM = /^(\s*)\* /;

/** Calls `edit` on every line of `markdown` outside fenced code blocks; returns the text with the edited lines. */
function editOutsideFences(markdown: string, edit: (line: string) => string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const match = FENCE.exec(line);
      if (fence) {
        if (match && match[1][0] === fence[0] && match[1].length >= fence.length && !match[2].trim()) fence = null;
        return line;
      }
      if (match) {
        fence = match[1];
        return line;
      }
      return edit(line);
    })
    .join('\n');
}

/**
 * Step 4: bullets and task items written "- ", "- [ ] " and "- [x] " instead of BlockNote's "* ": the
 * form Obsidian, GitHub and most Markdown tools write and show in their examples. Lossless (both mean
 * the same list). Text cannot start with a bare "* ": step 1 escaped it.
 */
export function dashListMarkers(markdown: string): string {
  return editOutsideFences(markdown, (line) => line.replace(STAR_ITEM, '$1- '));
}

/**
 * Step 5: each image placeholder (`prefix` followed by its index) replaced by its relative link in
 * `links`, in `![name](...)` and in the `<figure><img src="...">` BlockNote writes for a captioned image.
 */
export function linkAssets(markdown: string, prefix: string, links: readonly string[]): string {
  if (!links.length) return markdown;
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return markdown.replace(new RegExp(`${escaped}(\\d+)`, 'g'), (match: string, index: string) => links[Number(index)] ?? match);
}
