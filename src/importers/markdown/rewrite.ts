/*
 * The links of a Markdown note rewritten before BlockNote's parser reads it (docs/product.md "What each
 * format keeps"): embeds (`![[x.png]]`, `![[x.png|300]]`, `![](path/x.png)`) and links to files become
 * `attachment:REF` URLs (also an inline `<img src>`), wiki links (`[[Note]]`, `[[Note|alias]]`, `![[Note]]`) and
 * Markdown links to other notes become links with the URL the note linker gives (docs/architecture.md "Links between
 * notes"), or their readable text without one, and inline `#tags` are collected. Code (fenced blocks, inline spans) is left as written:
 * this is not a Markdown parser, only a scanner that knows where code is.
 */

/** What a link's target turned out to be. */
export type Resolved = { kind: 'attachment'; ref: string; image: boolean } | { kind: 'note' } | { kind: 'missing' };

/** Looks a link's target up (a path as written in the note). */
export type Resolver = (target: string, embed: boolean) => Resolved;

/**
 * The URL of a link to another note: `target` as written (a wiki link's note part, or a Markdown link's
 * path), `wiki` for a wiki link. Null: the link becomes its text.
 */
export type NoteLinker = (target: string, wiki: boolean) => string | null;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const INLINE_CODE = /(`+)[^`]*?(?:`(?!`)[^`]*?)*?\1/g;
const WIKI_EMBED = /!\[\[([^\]|\n]+?)(?:\|([^\]\n]*))?\]\]/g;
const WIKI_LINK = /(^|[^!])\[\[([^\]|\n]+?)(?:\|([^\]\n]*))?\]\]/g;
const IMAGE = /!\[([^\]\n]*)\]\((<[^>\n]+>|[^)\s]+)(\s+"[^"\n]*")?\)/g;
/** An `<img src="...">` of inline HTML: BlockNote writes a captioned image as `<figure><img src><figcaption>`. */
const HTML_IMAGE = /(<img\b[^>\n]*?\bsrc=")([^"\n]+)(")/gi;
const LINK = /(^|[^!\]])\[([^\]\n]*)\]\((<[^>\n]+>|[^)\s]+)(\s+"[^"\n]*")?\)/g;
/**
 * An inline tag as Obsidian reads one: `#` after a space or at the start of a line (not a heading's
 * `# `, not `page#part` in a URL), then letters, numbers, `_`, `-`, `/` (nesting), marks and emoji, at
 * least one of them not a digit (`#1984` is not a tag, `#y1984` is).
 */
const INLINE_TAG =
  /(^|\s)#([\p{L}\p{N}\p{M}\p{Extended_Pictographic}_\-/]*[\p{L}\p{M}\p{Extended_Pictographic}_\-/][\p{L}\p{N}\p{M}\p{Extended_Pictographic}_\-/]*)/gu;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Bear's tag of several words, closed by a second `#` (`#road trip#`, `#work/client a#`). */
const BEAR_TAG = /(^|\s)#([^\s#][^#\n]*?\s[^#\n]*?[^\s#])#(?=\s|$)/gu;

/** Where the inline tags a text holds are collected, and whether Bear's tags of several words count. */
interface TagCollector {
  tags: Set<string>;
  multiWord: boolean;
}

/**
 * A wiki link's readable text: its alias, else its note name with a heading as "Note > Heading" (a block
 * id, `#^id`, is no text anyone wrote: the note name alone).
 */
function wikiText(target: string, alias: string | undefined): string {
  if (alias?.trim()) return alias.trim();
  const [note, ...anchor] = target.split('#');
  const heading = anchor.join('#').trim();
  if (!heading || heading.startsWith('^')) return note.trim() || heading.replace(/^\^/, '');
  return note.trim() ? `${note.trim()} > ${heading}` : heading;
}

/** Text put between a Markdown link's brackets as it reads. */
const linkText = (text: string) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);

/** A wiki link to a note (`target` with its `#anchor`) as a Markdown link the linker gives a URL for, else its text. */
function wikiNoteLink(target: string, alias: string | undefined, linkNote: NoteLinker | undefined): string {
  // In a table, Obsidian writes the alias's bar as `\|`.
  const bare = target.replace(/\\$/, '');
  const text = wikiText(bare, alias);
  const note = bare.split('#')[0].trim();
  const url = note ? linkNote?.(note, true) : null;
  return url ? `[${linkText(text)}](${url})` : text;
}

/** A link target without `<…>` and without a `#fragment`. */
function linkPath(url: string): string {
  const bare = url.startsWith('<') ? url.slice(1, -1) : url;
  const hash = bare.indexOf('#');
  return hash >= 0 ? bare.slice(0, hash) : bare;
}

/** Rewrites one stretch of text outside code. */
function rewriteText(text: string, resolve: Resolver, collector: TagCollector, linkNote?: NoteLinker): string {
  let out = text.replace(WIKI_EMBED, (whole, target: string, option: string | undefined) => {
    const path = target.split('#')[0].trim();
    const found = resolve(path, true);
    if (found.kind === 'attachment') return found.image ? `![${path}](attachment:${found.ref})` : `[${path}](attachment:${found.ref})`;
    if (found.kind === 'note') return wikiNoteLink(target, /^\d+(x\d+)?$/.test(option ?? '') ? undefined : option, linkNote);
    return whole;
  });
  out = out.replace(IMAGE, (whole, alt: string, url: string) => {
    const path = linkPath(url);
    if (SCHEME.test(path) || !path) return whole;
    const found = resolve(path, true);
    if (found.kind === 'attachment')
      return found.image ? `![${alt}](attachment:${found.ref})` : `[${alt || path}](attachment:${found.ref})`;
    return whole;
  });
  out = out.replace(HTML_IMAGE, (whole, before: string, url: string, after: string) => {
    const path = linkPath(url);
    if (SCHEME.test(path) || !path) return whole;
    const found = resolve(path, true);
    return found.kind === 'attachment' && found.image ? `${before}attachment:${found.ref}${after}` : whole;
  });
  out = out.replace(
    WIKI_LINK,
    (_whole, before: string, target: string, alias: string | undefined) => before + wikiNoteLink(target, alias, linkNote),
  );
  out = out.replace(LINK, (whole, before: string, label: string, url: string) => {
    const path = linkPath(url);
    if (SCHEME.test(path) || !path || path.startsWith('/')) return whole;
    const found = resolve(path, false);
    if (found.kind === 'attachment') return `${before}[${label}](attachment:${found.ref})`;
    const noteUrl = found.kind === 'note' ? linkNote?.(path, false) : null;
    return noteUrl ? `${before}[${label || linkText(path)}](${noteUrl})` : `${before}${label}`;
  });
  const { tags, multiWord } = collector;
  // A tag of several words first, so its first word is not taken for a tag of its own.
  const scanned = multiWord ? out.replace(BEAR_TAG, (_whole, before: string, tag: string) => (tags.add(tag.trim()), before)) : out;
  for (const match of scanned.matchAll(INLINE_TAG)) tags.add(match[2].replace(/\/+$/, ''));
  return out;
}

/** Rewrites a line outside fenced code, leaving its inline code spans as they are. */
function rewriteLine(line: string, resolve: Resolver, tags: TagCollector, linkNote?: NoteLinker): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(INLINE_CODE)) {
    out += rewriteText(line.slice(last, match.index), resolve, tags, linkNote) + match[0];
    last = match.index + match[0].length;
  }
  return out + rewriteText(line.slice(last), resolve, tags, linkNote);
}

/**
 * A Markdown body with its links rewritten through `resolve`, and the inline tags it holds (with
 * `multiWordTags`, Bear's `#tag of words#` too). Call it once with a resolver that only records
 * targets, resolve them, then again with the answers. Links to notes take the URLs `linkNote` gives.
 */
export function rewriteMarkdown(
  body: string,
  resolve: Resolver,
  multiWordTags = false,
  linkNote?: NoteLinker,
): { text: string; tags: string[] } {
  const collector: TagCollector = { tags: new Set<string>(), multiWord: multiWordTags };
  const lines = body.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !lines[i].trim().slice(open[1].length).trim()) fence = null;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    lines[i] = rewriteLine(lines[i], resolve, collector, linkNote);
  }
  return { text: lines.join('\n'), tags: [...collector.tags] };
}
