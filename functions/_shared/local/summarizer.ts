/**
 * The local extractive summarizer (docs/product.md "Side panels", "AI helpers"): TextRank over
 * TF-IDF sentence vectors with an early-sentence bias, a redundancy cut, and the chosen sentences in
 * their original order. English through wink-nlp, other languages through Intl.Segmenter.
 */
import { formatSummary, type SummaryFormat } from '../provider.ts';
import { analyzeText, type Sentence } from './text.ts';
import { cosine, selectSentences, textRank, tfidfVectors, type SparseVector } from './textrank.ts';

/**
 * Most sentences a recap holds by default.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MAX_SUMMARY_SENTENCES = 5;
/**
 * TextRank is O(n²): beyond this many sentences a linear centroid score picks the candidates first.
 * @internal Test seam: used here; the tests read this constant.
 */
export const MAX_RANKED_SENTENCES = 300;

/**
 * Default recap length for a note of `n` sentences: all of a short note, about a quarter of a long one, 2..5.
 * @internal Test seam: used here; the tests call it directly.
 */
export function summaryLength(n: number): number {
  if (n <= 3) return n;
  return Math.min(MAX_SUMMARY_SENTENCES, Math.max(2, Math.round(n / 4)));
}

/** Indexes of the `limit` sentences closest to the note's centroid, position-weighted, in order. */
function centroidCandidates(vectors: readonly SparseVector[], limit: number): number[] {
  const centroid: SparseVector = new Map();
  for (const vector of vectors) for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  let norm = 0;
  for (const weight of centroid.values()) norm += weight * weight;
  norm = Math.sqrt(norm) || 1;
  for (const [term, weight] of centroid) centroid.set(term, weight / norm);
  return vectors
    .map((vector, index) => ({ index, score: cosine(vector, centroid) / Math.pow(index + 1, 0.1) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((c) => c.index)
    .sort((a, b) => a - b);
}

/** The sentences chosen for a recap of `sentences`, in original order. */
function pickSummarySentences(sentences: readonly Sentence[], count: number): Sentence[] {
  if (sentences.length <= count) return [...sentences];
  const termLists = sentences.map((s) => s.tokens.filter((t) => t.content).map((t) => t.term));
  const allVectors = tfidfVectors(termLists);
  const candidates =
    sentences.length > MAX_RANKED_SENTENCES ? centroidCandidates(allVectors, MAX_RANKED_SENTENCES) : sentences.map((_, i) => i);
  const vectors = candidates.map((i) => allVectors[i]);
  const scores = textRank(
    vectors,
    candidates.map((i) => termLists[i].length),
  );
  return selectSentences(scores, vectors, count).map((k) => sentences[candidates[k]]);
}

/** Options of summarizeLocally; `sentences` overrides the default length (the quality check uses 3). */
export interface LocalSummaryOptions {
  sentences?: number;
}

/**
 * Summarizes `text` extractively in `format` (bullets: one sentence per line, each starting "• ").
 * A note of one to three sentences comes back whole. Never empty for text with a visible character.
 */
export function summarizeLocally(text: string, format: SummaryFormat, options: LocalSummaryOptions = {}): string {
  const seen = new Set<string>();
  const sentences = analyzeText(text).sentences.filter((s) => {
    const key = s.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (sentences.length === 0) return formatSummary([text.replace(/\s+/g, ' ').trim()], format);
  const count = Math.max(1, options.sentences ?? summaryLength(sentences.length));
  return formatSummary(
    pickSummarySentences(sentences, count).map((s) => s.text),
    format,
  );
}
