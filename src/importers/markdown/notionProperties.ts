/*
 * The properties Notion writes at the top of a database's row page it exports as Markdown (docs/product.md
 * "What each format keeps"): after the `# Title` line, one paragraph of `Name: value` lines
 * ("Tags: travel, project/alpha", "Status: Done", "Created: March 5, 2023 10:00 AM"). A tags
 * property's values (comma-separated, as Notion writes a multi-select) become the note's tags and its
 * line leaves the body; the other properties stay as text, which NotePad has no other place for.
 */

/** Property names whose values are the page's tags (Notion's own template names a multi-select "Tags"). */
const TAG_PROPERTIES = /^(tags?|labels?|keywords|categor(y|ies))$/i;
/** A property line: a short name without Markdown punctuation, ": ", then the value. */
const PROPERTY_LINE = /^([\p{L}\p{N}][\p{L}\p{N} _.()-]{0,48}):[ \t]*(.*)$/u;

/** A Notion page's body without its tags property line, and the tags that line held (as written). */
export function readNotionProperties(body: string): { body: string; tags: string[] } {
  const lines = body.split('\n');
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first++;
  let end = first;
  while (end < lines.length && lines[end].trim() !== '') end++;
  const block = lines.slice(first, end);
  if (block.length === 0 || !block.every((line) => PROPERTY_LINE.test(line.trim()))) return { body, tags: [] };
  const tags: string[] = [];
  const kept = block.filter((line) => {
    const [, name, value] = PROPERTY_LINE.exec(line.trim())!;
    if (!TAG_PROPERTIES.test(name.trim())) return true;
    tags.push(
      ...value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    );
    return false;
  });
  if (kept.length === block.length) return { body, tags: [] };
  const rest = [...lines.slice(0, first), ...kept, ...lines.slice(kept.length ? end : end + 1)];
  return { body: rest.join('\n'), tags };
}
