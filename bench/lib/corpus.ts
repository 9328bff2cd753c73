/**
 * Deterministic text and BlockNote documents for the bench: the same seed gives the same notes on
 * every run, so NotePad and the baseline load identical content.
 */

/** mulberry32: a tiny seeded PRNG (deterministic corpora, not cryptography). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ter',
  'an',
  'sol',
  've',
  'ri',
  'po',
  'den',
  'su',
  'mar',
  'ti',
  'gle',
  'or',
  'bra',
  'nu',
  'fel',
  'qui',
  'sta',
];

/**
 * A vocabulary of `size` distinct pseudo-words. Texts draw from it with a Zipf-like skew, so a
 * query for an early word matches many notes and a late word few, like real prose.
 */
export function vocabulary(size = 3000, seed = 7): string[] {
  const rand = prng(seed);
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

/** `count` words drawn Zipf-like from `vocab`. */
export function words(vocab: readonly string[], count: number, rand: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(vocab[Math.floor(vocab.length * rand() ** 3)]);
  return out.join(' ');
}

/** A uuid-shaped id from the PRNG (block ids in BlockNote documents). */
export function blockId(rand: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

/** A paragraph block exactly as BlockNote 0.55 stores it in `editor.document`. */
export function paragraphBlock(id: string, text: string) {
  return {
    id,
    type: 'paragraph',
    props: { backgroundColor: 'default', textColor: 'default', textAlignment: 'left' },
    content: text ? [{ type: 'text', text, styles: {} }] : [],
    children: [],
  };
}

/** BlockNote 0.55 `blocksToFullHTML` of paragraph blocks (checked against the real editor at start). */
export function paragraphsHtml(blocks: ReadonlyArray<{ id: string; content: ReadonlyArray<{ text: string }> }>): string {
  const inner = blocks
    .map(
      (b) =>
        `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${b.id}"><div class="bn-block" data-node-type="blockContainer" data-id="${b.id}">` +
        `<div class="bn-block-content" data-content-type="paragraph"><p class="bn-inline-content">${b.content.map((c) => c.text).join('')}</p></div></div></div>`,
    )
    .join('');
  return `<div class="bn-block-group" data-node-type="blockGroup">${inner}</div>`;
}

/** A document of `count` paragraphs of ~`wordsEach` words: blocks plus HTML, as a NotePad body save carries. */
export function paragraphDoc(count: number, wordsEach: number, seed: number, vocab = vocabulary()) {
  const rand = prng(seed);
  const blocks = Array.from({ length: count }, () => paragraphBlock(blockId(rand), words(vocab, wordsEach, rand)));
  return { blocks, html: paragraphsHtml(blocks) };
}

/** The 2-block note both apps start with: two one-word paragraphs (the baseline's initial content). */
export const DOC2 = (() => {
  const blocks = [
    paragraphBlock('11111111-1111-4111-a111-111111111111', 'Hello'),
    paragraphBlock('22222222-2222-4222-a222-222222222222', 'world'),
  ];
  return { blocks, html: paragraphsHtml(blocks) };
})();
