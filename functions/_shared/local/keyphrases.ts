/**
 * Keyphrases of a note for the local resource finder.
 * English: phrases matching the part-of-speech pattern `[ADJ|PROPN|NOUN]? [NOUN|PROPN]` (names up to
 * 3 proper nouns; a gerund after a noun counts as a noun, "machine learning"), never across
 * punctuation. Suffixes and single nouns of longer runs count too, so a word that recurs inside
 * different phrases can win on its own; vague nouns ("time", "way") are never phrases on their own.
 * Other languages: runs of up to 2 adjacent non-stopwords (kana-only words skipped).
 * Score: count × words + 0.1 × the counts of its words (+ 0.5 for a name); a phrase inside a chosen
 * one (or containing it) is skipped.
 */
import { CJK, type Analysis, type Token } from './text.ts';

/** Most keyphrases returned. */
const MAX_KEYPHRASES = 5;
const MAX_PHRASE_WORDS = 3;

/** A keyphrase: how it reads (the most common spelling) and its normalized terms. */
export interface Keyphrase {
  text: string;
  terms: string[];
  score: number;
}

interface Candidate {
  terms: string[];
  count: number;
  proper: boolean;
  spellings: Map<string, number>;
}

const NOUNISH = new Set(['NOUN', 'PROPN']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

/** Splits a sentence's tokens into candidate runs. */
function runs(tokens: readonly Token[], english: boolean): Token[][] {
  const found: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    if (english) while (run.length && !NOUNISH.has(run[run.length - 1].pos ?? '')) run.pop();
    if (run.length) found.push(run.slice(-(english ? MAX_PHRASE_WORDS : 2)));
    run = [];
  };
  for (const raw of tokens) {
    if (raw.breakBefore) flush();
    // A gerund after a noun or adjective names a field ("machine learning", "data mining").
    const token = english && run.length > 0 && raw.pos === 'VERB' && /ing$/i.test(raw.value) ? { ...raw, pos: 'NOUN' } : raw;
    const fits = token.content && /\p{L}/u.test(token.term) && (english ? PHRASE_POS.has(token.pos ?? '') : !KANA_ONLY.test(token.term));
    if (!fits) {
      flush();
      continue;
    }
    run.push(token);
    if (!english && run.length === 2) {
      // Other languages: count both words alone and the pair.
      found.push([run[0]]);
      found.push([...run]);
      run = [run[1]];
    }
  }
  flush();
  return found;
}

/** English sub-runs that end in a noun: "old library building" also counts "library building", "library" and "building". */
function withSubRuns(run: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  for (let start = 0; start < run.length; start++) {
    for (let end = start; end < run.length; end++) {
      const phrase = run.slice(start, end + 1);
      const maxWords = phrase.every((t) => t.pos === 'PROPN') ? MAX_PHRASE_WORDS : 2;
      // Inside a compound only single nouns count: "new reading" is not a phrase of "new reading room".
      const endsCompound = end === run.length - 1 || phrase.length === 1;
      if (phrase.length <= maxWords && endsCompound && NOUNISH.has(run[end].pos ?? '')) out.push(phrase);
    }
  }
  return out;
}

/**
 * How a phrase reads. English: lower case unless a word is a proper noun or in capitals. Other
 * languages keep the spelling (German nouns are capitalized); CJK words join without spaces.
 */
function spell(tokens: readonly Token[], english: boolean, sentenceStart: Token | undefined): string {
  if (!english) return tokens.map((t) => t.value).join(tokens.some((t) => CJK.test(t.value)) ? '' : ' ');
  return tokens
    .map((t, i) => {
      // A capital at the start of a sentence is often tagged PROPN; trust it only before another name.
      const initialCapital = t === sentenceStart && i + 1 < tokens.length && tokens[i + 1].pos !== 'PROPN';
      return (t.pos === 'PROPN' && !initialCapital) || /^\p{Lu}{2,}$/u.test(t.value) ? t.value : t.value.toLowerCase();
    })
    .join(' ');
}

/** Nouns too vague to look up on their own (they still count inside phrases). */
const VAGUE_NOUNS = new Set([
  'thing',
  'way',
  'lot',
  'time',
  'year',
  'day',
  'week',
  'month',
  'today',
  'tomorrow',
  'yesterday',
  'people',
  'part',
  'kind',
  'number',
  'percent',
  'bit',
  'point',
  'case',
  'fact',
  'idea',
  'place',
  'end',
  'stuff',
  'note',
  'item',
  'notes',
]);

/** Kana-only words are grammatical endings and particles far more often than topics. */
const KANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;

/** The top keyphrases of an analysed note, best first (see the module comment). */
export function extractKeyphrases(analysis: Analysis, limit = MAX_KEYPHRASES): Keyphrase[] {
  const english = analysis.language.iso3 === 'eng';
  const wordCounts = new Map<string, number>();
  const candidates = new Map<string, Candidate>();
  for (const sentence of analysis.sentences) {
    for (const token of sentence.tokens) if (token.content) wordCounts.set(token.term, (wordCounts.get(token.term) ?? 0) + 1);
    for (const run of runs(sentence.tokens, english).flatMap((r) => (english ? withSubRuns(r) : [r]))) {
      const terms = run.map((t) => t.term);
      const single = terms.length === 1 ? terms[0] : null;
      if (single !== null && (CJK.test(single) ? single.length < 2 : single.length < 3 || VAGUE_NOUNS.has(single))) continue;
      const key = terms.join(' ');
      const candidate = candidates.get(key) ?? { terms, count: 0, proper: false, spellings: new Map<string, number>() };
      candidate.count++;
      candidate.proper ||= run.some((t) => t.pos === 'PROPN' && t !== sentence.tokens[0]);
      const spelling = spell(run, english, sentence.tokens[0]);
      candidate.spellings.set(spelling, (candidate.spellings.get(spelling) ?? 0) + 1);
      candidates.set(key, candidate);
    }
  }
  const ranked = [...candidates.values()]
    .map((c) => ({
      c,
      score: c.count * c.terms.length + 0.1 * c.terms.reduce((sum, t) => sum + (wordCounts.get(t) ?? 0), 0) + (c.proper ? 0.5 : 0),
    }))
    .sort((a, b) => b.score - a.score || b.c.terms.length - a.c.terms.length);
  const chosen: Keyphrase[] = [];
  for (const { c, score } of ranked) {
    if (chosen.length >= limit) break;
    const overlaps = chosen.some((k) => c.terms.every((t) => k.terms.includes(t)) || k.terms.every((t) => c.terms.includes(t)));
    if (overlaps) continue;
    const text = [...c.spellings.entries()].sort((a, b) => b[1] - a[1])[0][0];
    chosen.push({ text, terms: c.terms, score });
  }
  return chosen;
}
