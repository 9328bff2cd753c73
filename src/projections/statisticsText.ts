import { Parser } from 'htmlparser2';
import type { NoteBody } from './notesState';
import { STOPWORDS } from './statisticsStopwords';

/** Word-cloud words are longer than this many letters (SPEC.md §5 "length greater than 2"). */
export const CLOUD_WORD_MIN_LENGTH_EXCLUSIVE = 2;

/** What the dashboard needs from one note body (SPEC.md §2, §5, §9). */
export interface BodyFacts {
  /** Whitespace-separated words of the note's text (not of its markup). */
  wordCount: number;
  /** Words that pass the word-cloud rules, lower-cased, with how often each occurs. */
  cloudWords: ReadonlyMap<string, number>;
  /** The text of each follow-up highlight in document order, whitespace collapsed. */
  followUps: readonly string[];
}

/**
 * Collects a note's text and its follow-up runs. A run is highlighted text with nothing
 * unhighlighted between its pieces, so a highlight split by bold or a link stays one item;
 * unhighlighted text or a block boundary ends it.
 */
class TextCollector {
  private parts: string[] = [];
  private run: string[] | null = null;
  readonly followUps: string[] = [];

  text(text: string, followUp: boolean): void {
    if (!text) return;
    this.parts.push(text);
    if (followUp) (this.run ??= []).push(text);
    else this.endRun();
  }

  /** A block boundary: separates words and ends a follow-up run. */
  boundary(): void {
    this.parts.push('\n');
    this.endRun();
  }

  finish(): string {
    this.endRun();
    return this.parts.join('');
  }

  private endRun(): void {
    if (!this.run) return;
    const text = this.run.join('').replace(/\s+/g, ' ').trim();
    if (text) this.followUps.push(text);
    this.run = null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** BlockNote inline content: styled text, links (whose content is styled text), custom inline content. */
function walkInline(items: unknown[], out: TextCollector): void {
  for (const item of items) {
    if (!isRecord(item)) continue;
    if (item.type === 'text' && typeof item.text === 'string') {
      out.text(item.text, isRecord(item.styles) && item.styles.followUp === true);
    } else if (Array.isArray(item.content)) {
      walkInline(item.content, out);
    }
  }
}

/** A block's content: inline content, or a table whose cells are inline content (0.55: `tableCell` objects). */
function walkContent(content: unknown, out: TextCollector): void {
  if (Array.isArray(content)) {
    walkInline(content, out);
  } else if (isRecord(content) && Array.isArray(content.rows)) {
    for (const row of content.rows) {
      if (!isRecord(row) || !Array.isArray(row.cells)) continue;
      for (const cell of row.cells) {
        const inline = Array.isArray(cell) ? cell : isRecord(cell) ? cell.content : undefined;
        if (Array.isArray(inline)) walkInline(inline, out);
        out.boundary();
      }
    }
  }
}

function walkBlocks(blocks: unknown[], out: TextCollector): void {
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    walkContent(block.content, out);
    // An image's caption is text the user wrote (BlockNote's HTML shows it too).
    if (isRecord(block.props) && typeof block.props.caption === 'string') {
      out.boundary();
      out.text(block.props.caption, false);
    }
    out.boundary();
    if (Array.isArray(block.children)) walkBlocks(block.children, out);
  }
}

/** Elements whose start and end separate words (`<p>a</p><p>b</p>` is two words, `a<b>b</b>` one). */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** Elements whose text a reader never sees. */
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'noscript', 'title', 'head']);

/** Walks stored HTML with htmlparser2 (entities decoded, no DOM, so it runs in Node too). */
function walkHtml(html: string, out: TextCollector): void {
  const stack: { followUp: boolean; hidden: boolean }[] = [];
  let followUpDepth = 0;
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const followUp = (attribs.class ?? '').split(/\s+/).includes('follow-up');
        const hidden = HIDDEN_TAGS.has(name);
        stack.push({ followUp, hidden });
        if (followUp) followUpDepth += 1;
        if (hidden) hiddenDepth += 1;
        if (BLOCK_TAGS.has(name)) out.boundary();
        // A line break separates words but, like BlockNote's "\n" in text, does not end a highlight.
        else if (name === 'br') out.text('\n', followUpDepth > 0);
      },
      onclosetag(name) {
        const open = stack.pop();
        if (open?.followUp) followUpDepth -= 1;
        if (open?.hidden) hiddenDepth -= 1;
        if (BLOCK_TAGS.has(name)) out.boundary();
      },
      ontext(text) {
        if (hiddenDepth === 0) out.text(text, followUpDepth > 0);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
}

/** Strips punctuation around a word (quotes, commas, brackets), keeping what is inside. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const LETTERS_ONLY = /^\p{L}+$/u;
/** The common case, checked first because it is several times faster than the Unicode rules. */
const ASCII_LETTERS = /^[A-Za-z]+$/;

/**
 * The word-cloud form of a whitespace-separated token (SPEC.md §5), or null when it does not count:
 * lower-cased, surrounding punctuation dropped, then letters only (no digits, no inner punctuation),
 * longer than 2 letters, not a stopword.
 */
export function cloudWord(token: string): string | null {
  if (ASCII_LETTERS.test(token)) {
    const word = token.toLowerCase();
    return word.length <= CLOUD_WORD_MIN_LENGTH_EXCLUSIVE || STOPWORDS.has(word) ? null : word;
  }
  const word = token.replace(EDGE_PUNCTUATION, '').toLowerCase();
  if ([...word].length <= CLOUD_WORD_MIN_LENGTH_EXCLUSIVE || !LETTERS_ONLY.test(word) || STOPWORDS.has(word)) return null;
  return word;
}

/** The text of a body: from its BlockNote document when it has one, else from its stored HTML. */
function collect(body: NoteBody): { text: string; followUps: string[] } {
  const out = new TextCollector();
  if (Array.isArray(body.blocks) && body.blocks.length > 0) walkBlocks(body.blocks, out);
  else if (body.html) walkHtml(body.html, out);
  return { text: out.finish(), followUps: out.followUps };
}

const factsCache = new WeakMap<NoteBody, BodyFacts>();

/**
 * Words and follow-up items of one note body (SPEC.md §2, §5, §9). Cached per body object: the
 * notes projection keeps an unchanged note's body object, so a keystroke in one note re-reads
 * only that note. Pure apart from the cache; never touches the DOM.
 */
export function bodyFacts(body: NoteBody): BodyFacts {
  let facts = factsCache.get(body);
  if (facts) return facts;
  const { text, followUps } = collect(body);
  const tokens = text.split(/\s+/).filter(Boolean);
  const cloudWords = new Map<string, number>();
  // Notes repeat their words: judge each distinct token once.
  const judged = new Map<string, string | null>();
  for (const token of tokens) {
    let word = judged.get(token);
    if (word === undefined) judged.set(token, (word = cloudWord(token)));
    if (word) cloudWords.set(word, (cloudWords.get(word) ?? 0) + 1);
  }
  facts = { wordCount: tokens.length, cloudWords, followUps };
  factsCache.set(body, facts);
  return facts;
}
