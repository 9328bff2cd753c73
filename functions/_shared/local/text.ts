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

/** Characters analysed; a longer note is analysed from its start (keeps one request near 0.3 s at most). */
export const MAX_ANALYZED_CHARS = 100_000;

const LIST_MARKER = /^\s*(?:[-*•·▪◦‣–—]|\d{1,3}[.)]|[a-zA-Z][.)](?=\s)|\[[ xX]?\])\s+/u;
const ENDS_SENTENCE = /[.!?…:;。！？]["'”’)\]]*\s*$/u;

/** Splits a note into blocks: one per line, hard-wrapped lines (no end mark, next starts lower-case) joined. */
export function splitBlocks(text: string): string[] {
  const lines = text.slice(0, MAX_ANALYZED_CHARS).split(/\r\n|\r|\n|\u2028|\u2029/);
  const blocks: string[] = [];
  let pending = '';
  for (const raw of lines) {
    const line = raw.replace(LIST_MARKER, '').replace(/\s+/g, ' ').trim();
    if (!line) {
      if (pending) blocks.push(pending);
      pending = '';
      continue;
    }
    if (pending && !ENDS_SENTENCE.test(pending) && /^\p{Ll}/u.test(line) && !LIST_MARKER.test(raw)) pending += ' ' + line;
    else {
      if (pending) blocks.push(pending);
      pending = line;
    }
  }
  if (pending) blocks.push(pending);
  return blocks;
}

/** English: wink-nlp sentences and tokens of one block. */
function englishSentences(block: string): Sentence[] {
  const nlp = englishNlp();
  const its = nlp.its;
  const doc = nlp.readDoc(block);
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  // wink's typings give lemma an extra addons parameter that out() passes itself.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.value) as string[];
  const tags = tokens.out(its.pos) as string[];
  const types = tokens.out(its.type) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const texts = doc.sentences().out() as string[];
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
const ABBREVIATION_END = /(?:^|[\s(])(?:\p{L}|Dr|Prof|Mr|Mrs|Ms|St|Nr|Hr|Fr|Sr|Sra|Mme|Mlle|Sig|Dott|Ing|Art|bzw|ca|vgl|usw|etc|z\.\s?B|d\.\s?h|u\.\s?a|e\.\s?g|i\.\s?e)\.\s*$/iu;

/** Scripts written without spaces between words; a single character can be a word there. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Other languages: Intl.Segmenter sentences (abbreviations merged back) and words. */
function segmentedSentences(block: string, language: Language): Sentence[] {
  const sentenceSegmenter = new Intl.Segmenter(language.iso1, { granularity: 'sentence' });
  const wordSegmenter = new Intl.Segmenter(language.iso1, { granularity: 'word' });
  const pieces: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(block)) {
    const previous = pieces.at(-1);
    if (previous !== undefined && (ABBREVIATION_END.test(previous) || /^\s*[\p{Ll}\d]/u.test(segment))) pieces[pieces.length - 1] = previous + segment;
    else pieces.push(segment);
  }
  return pieces.map((piece) => {
    const tokens: Token[] = [];
    let breakBefore = false;
    for (const { segment, isWordLike } of wordSegmenter.segment(piece)) {
      if (!isWordLike) {
        if (segment.trim()) breakBefore = true;
        continue;
      }
      const term = segment.toLowerCase();
      const cjk = CJK.test(term);
      tokens.push({ value: segment, term, content: !language.stopwords.has(term) && (cjk || term.length > 1) && !/^\d+$/.test(term), breakBefore });
      breakBefore = false;
    }
    return { text: piece.replace(/\s+/g, ' ').trim(), tokens };
  }).filter((s) => s.text.length > 0);
}

/** Analyses a note: its language and its sentences in order (see the module comment). */
export function analyzeText(text: string): Analysis {
  const language = detectLanguage(text);
  const blocks = splitBlocks(text);
  const sentences = blocks.flatMap((block) => (language.iso3 === 'eng' ? englishSentences(block) : segmentedSentences(block, language)));
  return { language, sentences: sentences.filter((s) => s.text.length > 0) };
}
