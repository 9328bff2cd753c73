/**
 * `npm run quality:summaries`: ROUGE-1/2/L F1 (js-rouge, case-insensitive) of the local summarizer
 * against the lead-3 and random-3 baselines on the texts of bench/functions/summaryCorpus.ts, every system
 * picking 3 sentences of the same sentence split. Prints a table and one line per comparison with
 * PASS|FAIL (local at least as good as the baseline); it never fails the process. `--verbose` adds
 * the scores per text.
 */
import { l as rougeL, n as rougeN } from 'js-rouge';
import seedrandom from 'seedrandom';
import { summarizeLocally } from '../../functions/_shared/local/summarizer.ts';
import { analyzeText } from '../../functions/_shared/local/text.ts';
import { SUMMARY_CORPUS } from './summaryCorpus';

const SENTENCES = 3;
const RANDOM_DRAWS = 10;
const SEED = 'random-3';
const verbose = process.argv.includes('--verbose');

interface Scores {
  r1: number;
  r2: number;
  rl: number;
}

function score(candidate: string, reference: string): Scores {
  const options = { caseSensitive: false };
  return {
    r1: rougeN(candidate, reference, { ...options, n: 1 }),
    r2: rougeN(candidate, reference, { ...options, n: 2 }),
    rl: rougeL(candidate, reference, options),
  };
}

const mean = (list: Scores[]): Scores => ({
  r1: list.reduce((s, x) => s + x.r1, 0) / list.length,
  r2: list.reduce((s, x) => s + x.r2, 0) / list.length,
  rl: list.reduce((s, x) => s + x.rl, 0) / list.length,
});

const random = seedrandom(SEED);
/** `count` sentences drawn at random, kept in text order. */
function randomPick(sentences: string[], count: number): string {
  const indexes = sentences.map((_, i) => i);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => sentences[i])
    .join(' ');
}

const systems: Record<string, Scores[]> = { local: [], 'lead-3': [], 'random-3': [] };
const started = performance.now();
for (const item of SUMMARY_CORPUS) {
  const sentences = analyzeText(item.text).sentences.map((s) => s.text);
  const local = score(summarizeLocally(item.text, 'paragraph', { sentences: SENTENCES }), item.reference);
  const lead = score(sentences.slice(0, SENTENCES).join(' '), item.reference);
  const rand = mean(Array.from({ length: RANDOM_DRAWS }, () => score(randomPick(sentences, SENTENCES), item.reference)));
  systems.local.push(local);
  systems['lead-3'].push(lead);
  systems['random-3'].push(rand);
  if (verbose)
    console.log(
      `${item.id.padEnd(20)} ${sentences.length} sentences  local R1 ${local.r1.toFixed(3)}  lead-3 R1 ${lead.r1.toFixed(3)}  random-3 R1 ${rand.r1.toFixed(3)}`,
    );
}

const fmt = (x: number) => x.toFixed(3);
console.log(
  `\n== Summary quality: ROUGE F1, mean of ${SUMMARY_CORPUS.length} texts, ${SENTENCES} sentences per summary (random-3: mean of ${RANDOM_DRAWS} seeded draws) ==`,
);
console.log(`${'system'.padEnd(10)} ${'ROUGE-1'.padStart(8)} ${'ROUGE-2'.padStart(8)} ${'ROUGE-L'.padStart(8)}`);
const means = Object.fromEntries(Object.entries(systems).map(([name, list]) => [name, mean(list)])) as Record<string, Scores>;
for (const [name, m] of Object.entries(means))
  console.log(`${name.padEnd(10)} ${fmt(m.r1).padStart(8)} ${fmt(m.r2).padStart(8)} ${fmt(m.rl).padStart(8)}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);

console.log('\n== Summary: name value target PASS|FAIL ==');
for (const baseline of ['lead-3', 'random-3']) {
  for (const [metric, label] of [
    ['r1', 'rouge1'],
    ['r2', 'rouge2'],
    ['rl', 'rougeL'],
  ] as const) {
    const value = means.local[metric];
    const target = means[baseline][metric];
    console.log(`summary-${label}-vs-${baseline} ${fmt(value)} >=${fmt(target)} ${value >= target ? 'PASS' : 'FAIL'}`);
  }
}
