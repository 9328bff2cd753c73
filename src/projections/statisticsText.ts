import { bodyHtml, isUnreadBody, readBodyBlocks, type NoteBody } from './notesState';
import { streamHtml } from './noteText/html';
import { htmlparser2Tokenizer } from './noteText/htmlparser';
import { streamBlocks, type TextSink } from './noteText/textStream';
import { STOPWORDS } from './statisticsStopwords';

/** Word-cloud words are longer than this many letters (docs/product.md "Validation rules"). */
const CLOUD_WORD_MIN_LENGTH_EXCLUSIVE = 2;

/** What the dashboard needs from one note body (docs/product.md "Dashboard", "Validation rules", "Constants"). */
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
class TextCollector implements TextSink {
  private parts: string[] = [];
  private run: string[] | null = null;
  readonly followUps: string[] = [];

  text(text: string, followUp: boolean): void {
    if (!text) return;
    this.parts.push(text);
    if (followUp) (this.run ??= []).push(text);
    else this.endRun();
  }

  /** A link to a note counts as the words it was written with (docs/product.md "Dashboard"). */
  noteLink(label: string): void {
    this.text(label, false);
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

/** Strips punctuation around a word (quotes, commas, brackets), keeping what is inside. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const LETTERS_ONLY = /^\p{L}+$/u;
/** The common case, checked first because it is several times faster than the Unicode rules. */
const ASCII_LETTERS = /^[A-Za-z]+$/;

/**
 * The word-cloud form of a whitespace-separated token (docs/product.md "Validation rules"), or null when it does not count:
 * lower-cased, surrounding punctuation dropped, then letters only (no digits, no inner punctuation),
 * longer than 2 letters, not a stopword.
 * @internal Test seam: used here; the tests call it directly.
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

/** The text of a body: from its BlockNote document when it has one and it is read (docs/architecture.md "Snapshots"), else from its stored HTML. */
function collect(body: NoteBody, html: string): { text: string; followUps: string[] } {
  const out = new TextCollector();
  const blocks = isUnreadBody(body) ? undefined : readBodyBlocks(body);
  if (blocks && blocks.length > 0) streamBlocks(blocks, out);
  else if (html) streamHtml(html, htmlparser2Tokenizer, out);
  return { text: out.finish(), followUps: out.followUps };
}

const factsCache = new WeakMap<NoteBody, BodyFacts>();

/**
 * Words and follow-up items of one note body (docs/product.md "Dashboard", "Validation rules", "Constants"). Cached per body object: the
 * notes projection keeps an unchanged note's body object, so a keystroke in one note re-reads
 * only that note. Pure apart from the cache; never touches the DOM.
 */
export function bodyFacts(body: NoteBody): BodyFacts {
  return factsCache.get(body) ?? factsFromHtml(body, bodyHtml(body));
}

/**
 * Whether `bodyFacts(body)` answers without reading HTML it lacks: the body holds its HTML, or its
 * facts were read (`factsFromHtml`). A body whose HTML is only in its record ("Documents by reference") does not.
 */
export function hasFacts(body: NoteBody): boolean {
  return body.html !== undefined || factsCache.has(body);
}

/**
 * The facts of `body` whose HTML is `html` (read from its record when the body lacks it: docs/architecture.md
 * "Documents by reference"), kept for `bodyFacts` as those of the body itself. The HTML is not kept.
 */
export function factsFromHtml(body: NoteBody, html: string): BodyFacts {
  let facts = factsCache.get(body);
  if (facts) return facts;
  const { text, followUps } = collect(body, html);
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
