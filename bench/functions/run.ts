/**
 * `npm run bench:functions`: the local summarizer's time for a 2,000-word text (target
 * <= 50 ms) and track-app-usage requests per second on loopback with the error count (target >= 500
 * req/s, 0 errors), plus summarize/find-resources throughput for information. The host runs as its
 * own process, as `npm start` runs it. Prints `name value target PASS|FAIL` lines; never fails.
 * Env: BENCH_RUNS (summarize repetitions, default 30), BENCH_SECONDS (load duration per run, default 10).
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { summarizeLocally } from '../../functions/_shared/local/summarizer.ts';
import { summarize } from '../lib/stats';
import { SUMMARY_CORPUS } from './summaryCorpus';
import { startHostProcess } from '../../tests/support/childHost';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 30));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 10));
const KEY = 'bench-anon-key';
const SUMMARIZE_TARGET_MS = 50;
const TRACKING_TARGET_RPS = 500;

/** About `words` words of English text from the quality corpus, as paragraphs. */
function text(words: number): string {
  const english = SUMMARY_CORPUS.filter((c) => !/^(de|es)-/.test(c.id)).map((c) => c.text);
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const paragraph = english[i % english.length];
    out.push(paragraph);
    count += paragraph.split(/\s+/).length;
  }
  return out.join('\n\n');
}

/** Starts server/main.ts as `npm start` runs it, with the local provider, this bench's key and no practical per-address limit (the load comes from one address). */
async function startHost(): Promise<{ origin: string; stop(): Promise<void> }> {
  const host = await startHostProcess({ FUNCTIONS_ANON_KEY: KEY, LLM_PROVIDER: 'local', FUNCTIONS_RATE_MAX: '1000000000' });
  return { origin: host.base.replace(/\/functions\/v1$/, ''), stop: host.stop };
}

const headers = { apikey: KEY, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

async function load(origin: string, name: string, body: unknown) {
  const result = await autocannon({
    url: `${origin}/functions/v1/${name}`,
    connections: 10,
    duration: SECONDS,
    timeout: 10,
    requests: [{ method: 'POST', headers, body: JSON.stringify(body) }],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

const lines: string[] = [];
const verdict = (name: string, value: string, target: string, pass: boolean) =>
  lines.push(`${name} ${value} ${target} ${pass ? 'PASS' : 'FAIL'}`);

console.log(
  `Functions bench on ${cpus().length} cores, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

// 1. Summarize a 2,000-word text with the local provider (model loaded once, as on the host).
const twoThousand = text(2000);
let started = performance.now();
summarizeLocally('The model loads on first use. This call loads it.', 'paragraph');
const modelLoadMs = performance.now() - started;
for (let i = 0; i < 3; i++) summarizeLocally(twoThousand, 'paragraph');
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  started = performance.now();
  summarizeLocally(twoThousand, i % 3 ? 'paragraph' : 'bullets');
  times.push(performance.now() - started);
}
const summarizeStats = summarize(times);
console.log(
  `summarize ${twoThousand.split(/\s+/).length} words: median ${summarizeStats.median.toFixed(1)} ms [${summarizeStats.min.toFixed(1)}-${summarizeStats.max.toFixed(1)}] (n=${RUNS}); model load ${modelLoadMs.toFixed(0)} ms once`,
);
verdict(
  'summarize-2000-words',
  `${summarizeStats.median.toFixed(1)}ms`,
  `<=${SUMMARIZE_TARGET_MS}ms`,
  summarizeStats.median <= SUMMARIZE_TARGET_MS,
);

// 2. Loopback load against the host process.
const host = await startHost();
try {
  await load(host.origin, 'track-app-usage', { app_name: 'NotePad', source: 'direct', session_id: 'warm-up' }).catch(() => undefined);
  const tracking = await load(host.origin, 'track-app-usage', { app_name: 'NotePad', source: 'direct', session_id: 'bench' });
  console.log(
    `track-app-usage: ${Math.round(tracking.rps)} req/s, p99 ${tracking.p99} ms, ${tracking.total} requests in ${SECONDS} s, ${tracking.errors} errors`,
  );
  verdict(
    'tracking-requests-per-second',
    `${Math.round(tracking.rps)}req/s`,
    `>=${TRACKING_TARGET_RPS}req/s`,
    tracking.rps >= TRACKING_TARGET_RPS,
  );
  verdict('tracking-errors', String(tracking.errors), '0', tracking.errors === 0);
  const note = text(150);
  for (const name of ['summarize', 'find-resources']) {
    const result = await load(host.origin, name, { text: note });
    console.log(`${name} (150-word note): ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${result.errors} errors (information)`);
  }
} finally {
  await host.stop();
}

console.log('\n== Summary: name value target PASS|FAIL ==');
for (const line of lines) console.log(line);
