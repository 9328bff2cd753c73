/**
 * Text analysis of the local provider: notes become blocks (lines; hard-wrapped lines joined, list
 * markers dropped), blocks become sentences, sentences become tokens with a normalized term, a
 * part-of-speech tag (English only) and a stopword flag. English goes through wink-nlp; other
 * languages through Intl.Segmenter and the `stopword` lists, with abbreviations ("Dr.") merged back.
 */
import { detectLanguage, type Language } from './language.ts';
import { englishNlp } from './wink.ts';

/** One token of a sentence. */
export interface Token {
  /** As written. */
  value: string;
  /** Lower-cased lemma (English) or lower-cased word (other languages). */
  term: string;
  /** Universal POS tag for English (`NOUN`, `PROPN`, `ADJ`, ...); undefined for other languages. */
  pos?: string;
  /** A word that carries content: a word, not a stopword, 2+ characters. */
  content: boolean;
  /** Punctuation or a symbol stood between this word and the previous one (phrases never span it). */
  breakBefore: boolean;
}

/** One sentence: its text as written (whitespace collapsed) and its word tokens in order. */
export interface Sentence {
  text: string;
  tokens: Token[];
}

/** A note's sentences in order and its language. */
export interface Analysis {
  language: Language;
  sentences: Sentence[];
}

/**
 * Characters analysed (about 8,000 words); a longer note is analysed from its start.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MAX_ANALYZED_CHARS = 50_000;
/**
 * Longer runs without spaces (pasted data, long URLs) are cut to this many characters plus "…":
 * wink's tokenizer is quadratic in a token's length, so one long unspaced run would take the
 * longest; with both limits, the slowest input (punctuation-dense junk) stays short.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MAX_WORD_CHARS = 64;
const LONG_WORD = new RegExp(`\\S{${MAX_WORD_CHARS + 1},}`, 'gu');
/** A run of unspaced script (a Chinese sentence) is text, not one word: only other runs are cut. */
const cutLongWord = (run: string) => (CJK.test(run) ? run : run.slice(0, MAX_WORD_CHARS) + '…');

const LIST_MARKER = /^\s*(?:[-*•·▪◦‣–—]|\d{1,3}[.)]|[a-zA-Z][.)](?=\s)|\[[ xX]?\])\s+/u;
const ENDS_SENTENCE = /[.!?…:;。！？]["'”’)\]]*\s*$/u;

/**
 * Splits a note into blocks: one per line, hard-wrapped lines (no end mark, next starts lower-case) joined.
 * @internal Test seam: used here; the tests call it directly.
 */
export function splitBlocks(text: string): string[] {
  const lines = text.slice(0, MAX_ANALYZED_CHARS).split(/\r\n|\r|\n|\u2028|\u2029/);
  const blocks: string[] = [];
  // Parts of the block being built; joined once, so thousands of wrapped lines stay linear.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) blocks.push(pending.join(' '));
    pending = [];
  };
  for (const raw of lines) {
    const line = raw.replace(LIST_MARKER, '').replace(LONG_WORD, cutLongWord).replace(/\s+/g, ' ').trim();
    if (!line) {
      flush();
      continue;
    }
    const last = pending.at(-1);
    if (last !== undefined && !ENDS_SENTENCE.test(last) && /^\p{Ll}/u.test(line) && !LIST_MARKER.test(raw)) pending.push(line);
    else {
      flush();
      pending = [line];
    }
  }
  flush();
  return blocks;
}

/** English: wink-nlp sentences and tokens of one block. */
function englishSentences(block: string): Sentence[] {
  const nlp = englishNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(block);
  const tokens = doc.tokens();
  const values: string[] = tokens.out(its.value);
  // wink's typings give lemma an extra addons parameter that out() passes itself.
  const lemmas: string[] = tokens.out(its.lemma as unknown as typeof its.value);
  const tags: string[] = tokens.out(its.pos);
  const types: string[] = tokens.out(its.type);
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const texts: string[] = doc.sentences().out();
  return spans.map(([start, end], i) => {
    const sentenceTokens: Token[] = [];
    let breakBefore = false;
    for (let t = start; t <= end; t++) {
      if (types[t] !== 'word') {
        breakBefore = true;
        continue;
      }
      const term = lemmas[t].toLowerCase();
      sentenceTokens.push({ value: values[t], term, pos: tags[t], content: !stops[t] && term.length > 1, breakBefore });
      breakBefore = false;
    }
    return { text: texts[i].replace(/\s+/g, ' ').trim(), tokens: sentenceTokens };
  });
}

/** Ends that are abbreviations rather than sentence ends ("Dr.", "z.B.", initials). */
const ABBREVIATION_END =
  /(?:^|[\s(])(?:\p{L}|Dr|Prof|Mr|Mrs|Ms|St|Nr|Hr|Fr|Sr|Sra|Mme|Mlle|Sig|Dott|Ing|Art|bzw|ca|vgl|usw|etc|z\.\s?B|d\.\s?h|u\.\s?a|e\.\s?g|i\.\s?e)\.\s*$/iu;

/** Scripts written without spaces between words; a single character can be a word there. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Words and the gaps between them of a spaced script, in the shape Intl.Segmenter gives. */
function* spacedWords(text: string): Generator<{ segment: string; isWordLike: boolean }> {
  let end = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu)) {
    if (match.index > end) yield { segment: text.slice(end, match.index), isWordLike: false };
    yield { segment: match[0], isWordLike: true };
    end = match.index + match[0].length;
  }
  if (end < text.length) yield { segment: text.slice(end), isWordLike: false };
}

const segmenters = new Map<string, { sentence: Intl.Segmenter; word: Intl.Segmenter | null }>();

/** The sentence segmenter of `language`, and its word segmenter where words are not spaced; made once per language. */
function segmentersFor(language: Language): { sentence: Intl.Segmenter; word: Intl.Segmenter | null } {
  let made = segmenters.get(language.iso3);
  if (!made) {
    made = {
      sentence: new Intl.Segmenter(language.iso1, { granularity: 'sentence' }),
      word: language.spaced ? null : new Intl.Segmenter(language.iso1, { granularity: 'word' }),
    };
    segmenters.set(language.iso3, made);
  }
  return made;
}

/** Other languages: Intl.Segmenter sentences (abbreviations merged back) and words. */
function segmentedSentences(block: string, language: Language): Sentence[] {
  const { sentence: sentenceSegmenter, word: wordSegmenter } = segmentersFor(language);
  // ICU's word segmenter is needed where words are not spaced (CJK, Thai); elsewhere a Unicode
  // regex gives the same words about ten times faster.
  const words = (piece: string): Iterable<{ segment: string; isWordLike?: boolean }> =>
    wordSegmenter ? wordSegmenter.segment(piece) : spacedWords(piece);
  // Each piece is a list of segments, joined once at the end (merging stays linear).
  const pieces: string[][] = [];
  for (const { segment } of sentenceSegmenter.segment(block)) {
    const previous = pieces.at(-1);
    if (previous !== undefined && (ABBREVIATION_END.test(previous[previous.length - 1]) || /^\s*[\p{Ll}\d]/u.test(segment)))
      previous.push(segment);
    else pieces.push([segment]);
  }
  return pieces
    .map((parts) => {
      const piece = parts.join('');
      const tokens: Token[] = [];
      let breakBefore = false;
      for (const { segment, isWordLike } of words(piece)) {
        if (!isWordLike) {
          if (segment.trim()) breakBefore = true;
          continue;
        }
        const term = segment.toLowerCase();
        const cjk = CJK.test(term);
        tokens.push({
          value: segment,
          term,
          content: !language.stopwords.has(term) && (cjk || term.length > 1) && !/^\d+$/.test(term),
          breakBefore,
        });
        breakBefore = false;
      }
      return { text: piece.replace(/\s+/g, ' ').trim(), tokens };
    })
    .filter((s) => s.text.length > 0);
}

/** Analyses a note: its language and its sentences in order (see the module comment). */
export function analyzeText(text: string): Analysis {
  const language = detectLanguage(text);
  const blocks = splitBlocks(text);
  const sentences = blocks.flatMap((block) => (language.iso3 === 'eng' ? englishSentences(block) : segmentedSentences(block, language)));
  return { language, sentences: sentences.filter((s) => s.text.length > 0) };
}
