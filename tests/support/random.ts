import seedrandom from 'seedrandom';

/**
 * A seeded random source for randomized tests (fuzzing, reliability trials): the same seed gives the
 * same sequence on every run and machine, so a failure can be replayed. Returns floats in [0, 1).
 * Larger counts run under `npm run test:stress`; the seed is printed by the tests that use it.
 */
export function seededRandom(seed: number | string): () => number {
  return seedrandom(String(seed));
}

/** A whole number in [0, n) from `random`. */
export function randomInt(random: () => number, n: number): number {
  return Math.floor(random() * n);
}

/** One element of `items`, chosen by `random`. @throws on an empty list. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick: empty list');
  return items[randomInt(random, items.length)];
}
