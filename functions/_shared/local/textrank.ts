/**
 * TextRank over TF-IDF sentence vectors (it reads better than wink's
 * sentenceWiseImportance, which favours long sentences). Pure functions, no I/O.
 * Sentences are nodes, cosine similarities of their TF-IDF vectors are edge weights, and PageRank
 * teleports preferably to early sentences (notes and articles put the point first).
 */

/** A sparse, L2-normalized TF-IDF vector: term -> weight. */
export type SparseVector = Map<string, number>;

/** PageRank damping factor (the TextRank paper's 0.85). */
const DAMPING = 0.85;
const MAX_ITERATIONS = 60;
const CONVERGENCE_DELTA = 1e-6;
/** Teleport weight of sentence i is 1 / (i + 1)^POSITION_BIAS_EXPONENT: the early-sentence bias. */
const POSITION_BIAS_EXPONENT = 0.5;
/** Sentences with fewer content terms than this are scaled down (headings, fragments). */
const SHORT_SENTENCE_TERMS = 4;

/** TF-IDF vectors of sentences given as lists of content terms; idf = ln(1 + N / df). */
export function tfidfVectors(termLists: readonly (readonly string[])[]): SparseVector[] {
  const df = new Map<string, number>();
  for (const terms of termLists) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = termLists.length;
  return termLists.map((terms) => {
    const vector: SparseVector = new Map();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, tf] of vector) {
      const weight = tf * Math.log(1 + n / (df.get(term) ?? 1));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/** Cosine similarity of two normalized sparse vectors (their dot product). */
export function cosine(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other !== undefined) dot += weight * other;
  }
  return dot;
}

/** A vector as parallel arrays sorted by term id, for merge-join dot products. */
interface PackedVector {
  ids: Int32Array;
  weights: Float64Array;
}

/** Packs sparse vectors over one shared term numbering. */
function pack(vectors: readonly SparseVector[]): PackedVector[] {
  const ids = new Map<string, number>();
  return vectors.map((vector) => {
    const entries = [...vector].map(([term, weight]) => {
      let id = ids.get(term);
      if (id === undefined) ids.set(term, (id = ids.size));
      return [id, weight] as const;
    });
    entries.sort((a, b) => a[0] - b[0]);
    return { ids: Int32Array.from(entries, (e) => e[0]), weights: Float64Array.from(entries, (e) => e[1]) };
  });
}

function packedDot(a: PackedVector, b: PackedVector): number {
  let dot = 0;
  for (let i = 0, j = 0; i < a.ids.length && j < b.ids.length;) {
    if (a.ids[i] === b.ids[j]) dot += a.weights[i++] * b.weights[j++];
    else if (a.ids[i] < b.ids[j]) i++;
    else j++;
  }
  return dot;
}

/**
 * TextRank scores of sentences (higher is more central), one per vector, summing to about 1.
 * Similarities are O(n²) merge joins, the PageRank iterations run over the non-zero edges only;
 * callers bound n (MAX_RANKED_SENTENCES).
 */
export function textRank(vectors: readonly SparseVector[], termCounts: readonly number[]): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const packed = pack(vectors);
  // Edges into each node: neighbour index and similarity.
  const neighbours: number[][] = vectors.map(() => []);
  const similarities: number[][] = vectors.map(() => []);
  const outSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const sim = packedDot(packed[i], packed[j]);
      if (sim <= 0) continue;
      neighbours[i].push(j);
      similarities[i].push(sim);
      neighbours[j].push(i);
      similarities[j].push(sim);
      outSum[i] += sim;
      outSum[j] += sim;
    }
  }
  const teleport = new Float64Array(n);
  let teleportSum = 0;
  for (let i = 0; i < n; i++) {
    teleport[i] = 1 / Math.pow(i + 1, POSITION_BIAS_EXPONENT);
    teleportSum += teleport[i];
  }
  for (let i = 0; i < n; i++) teleport[i] /= teleportSum;
  let scores = Float64Array.from(teleport);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let j = 0; j < n; j++) if (outSum[j] === 0) dangling += scores[j];
    let delta = 0;
    for (let i = 0; i < n; i++) {
      let incoming = 0;
      const from = neighbours[i];
      const weight = similarities[i];
      for (let k = 0; k < from.length; k++) incoming += (weight[k] / outSum[from[k]]) * scores[from[k]];
      next[i] = (1 - DAMPING) * teleport[i] + DAMPING * (incoming + dangling * teleport[i]);
      delta += Math.abs(next[i] - scores[i]);
    }
    scores = next;
    if (delta < CONVERGENCE_DELTA) break;
  }
  return Array.from(scores, (score, i) => score * Math.min(1, termCounts[i] / SHORT_SENTENCE_TERMS));
}

/** A selected sentence is skipped when this similar to one already chosen: the redundancy cut. */
const REDUNDANCY_MAX_SIMILARITY = 0.5;

/**
 * Picks up to `count` sentence indexes by score, skipping near-duplicates of those already picked,
 * and returns them in original order.
 */
export function selectSentences(scores: readonly number[], vectors: readonly SparseVector[], count: number): number[] {
  const order = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: number[] = [];
  for (const { index } of order) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => cosine(vectors[c], vectors[index]) > REDUNDANCY_MAX_SIMILARITY)) continue;
    chosen.push(index);
  }
  return chosen.sort((a, b) => a - b);
}
