// Hostile and malformed requests: seeded, bounded cases
// against the host running as its own process. Every hostile answer is a JSON 4xx, no answer is a
// 5xx, and the process is still alive and serving afterwards. FUNCTIONS_FUZZ_CASES raises the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, randomInt, seededRandom } from '../support/random';
import { sendRaw, type RawOutcome } from '../support/rawRequest';
import { AUTH, call, JSON_HEADERS, startChildHost, type ChildHost } from './functionsHelpers';

const SEED = 'functions-fuzz-1';
const CASES = Number(process.env.FUNCTIONS_FUZZ_CASES ?? 300);
const NAMES = ['summarize', 'find-resources', 'track-app-usage'] as const;
const MAX_BODY_BYTES = 1_048_576;

/** One generated request and what it must get: `4xx` exactly, or `any` non-5xx (valid-looking input). */
interface FuzzCase {
  label: string;
  name: string;
  body: Uint8Array;
  headers: Record<string, string>;
  expect: '4xx' | 'not5xx';
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

function randomJsonValue(random: () => number, depth = 0): unknown {
  const kind = randomInt(random, depth > 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, [0, -1, 1e308, -0.5, 2 ** 53 + 1]);
    case 3:
      return randomString(random, randomInt(random, 40));
    case 4:
      return '';
    case 5:
      return Array.from({ length: randomInt(random, 4) }, () => randomJsonValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: randomInt(random, 4) }, () => [randomString(random, 6), randomJsonValue(random, depth + 1)]),
      );
  }
}

function randomString(random: () => number, length: number): string {
  const pools = [
    'abc xyz. ',
    '\u0000\u0007\u001f\u007f',
    '\ud800\udfff\ud83d\ude00',
    'ÄÖÜßéñ漢字かなﷺ',
    '<script>"\'&',
    '\u202e\u200b\ufeff',
  ];
  let out = '';
  for (let i = 0; i < length; i++) {
    const pool = pick(random, pools);
    out += pool[randomInt(random, pool.length)];
  }
  return out;
}

/** Builds the seeded cases; each family is hostile in one way. */
function buildCases(count: number): FuzzCase[] {
  const random = seededRandom(SEED);
  const families: ((name: string) => Omit<FuzzCase, 'name'>)[] = [
    // Wrong types: every field of the function gets a non-string value.
    (name) => {
      const fields = name === 'track-app-usage' ? ['app_name', 'source', 'session_id'] : ['text'];
      const body: Record<string, unknown> = { app_name: 'NotePad', source: 'direct', session_id: 's', text: 'x' };
      const field = pick(random, fields);
      let value = randomJsonValue(random);
      while (typeof value === 'string' && value.trim()) value = randomJsonValue(random);
      body[field] = value;
      return { label: `wrong type for ${field}`, body: bytes(JSON.stringify(body)), headers: JSON_HEADERS, expect: '4xx' };
    },
    // Deep nesting, inside the size limit.
    () => {
      const depth = 1000 + randomInt(random, 400_000);
      const open = random() < 0.5 ? '['.repeat(depth) : '{"a":'.repeat(Math.floor(depth / 5));
      const close = open.startsWith('[') ? ']'.repeat(depth) : '}'.repeat(Math.floor(depth / 5));
      return { label: `nesting ${depth}`, body: bytes(`{"text":${open}${close}}`), headers: JSON_HEADERS, expect: '4xx' };
    },
    // Strings over 1 MB.
    () => ({
      label: 'string over 1 MB',
      body: bytes(JSON.stringify({ text: 'a'.repeat(MAX_BODY_BYTES + randomInt(random, 500_000)) })),
      headers: JSON_HEADERS,
      expect: '4xx',
    }),
    // Invalid UTF-8 bytes inside otherwise valid JSON.
    () => {
      // Sequences no UTF-8 decoder may accept: bytes never used, a lone continuation, an overlong
      // form, an encoded surrogate, a lead byte cut short.
      const bad = pick(random, [
        [0xff],
        [0xfe, 0xff],
        [0x80 | randomInt(random, 0x40)],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xc3],
        [0xe2, 0x82],
      ]);
      const body = new Uint8Array([...Buffer.from('{"text":"note '), ...bad, ...Buffer.from('","app_name":"a"}')]);
      return { label: 'invalid UTF-8', body, headers: JSON_HEADERS, expect: '4xx' };
    },
    // Wrong content types.
    () => {
      const type = pick(random, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        '',
        'json',
      ]);
      const headers: Record<string, string> = { ...AUTH };
      if (type) headers['Content-Type'] = type;
      return { label: `content-type "${type}"`, body: bytes('{"text":"a note"}'), headers, expect: '4xx' };
    },
    // Random bytes and truncated JSON.
    () => {
      const valid = JSON.stringify({ text: randomString(random, 50), app_name: 'NotePad', source: 'direct', session_id: 's' });
      const body =
        random() < 0.5
          ? Uint8Array.from({ length: 1 + randomInt(random, 2000) }, () => randomInt(random, 256))
          : bytes(valid.slice(0, randomInt(random, valid.length - 1)));
      return { label: 'garbage or truncated JSON', body, headers: JSON_HEADERS, expect: '4xx' };
    },
    // Prototype keys and non-object bodies.
    () => {
      const body = pick(random, [
        '{"__proto__":{"text":"x","app_name":"a"}}',
        '{"constructor":{"prototype":{"text":"x"}}}',
        '[]',
        '"text"',
        '42',
        'true',
        'null',
        '{}',
      ]);
      return { label: `body ${body}`, body: bytes(body), headers: JSON_HEADERS, expect: '4xx' };
    },
    // Strange but valid strings: lone surrogates, controls, markup, RTL marks.
    () => {
      const value = randomString(random, 1 + randomInt(random, 300));
      const body = { text: value, app_name: value, source: value, session_id: value };
      return { label: 'strange valid strings', body: bytes(JSON.stringify(body)), headers: JSON_HEADERS, expect: 'not5xx' };
    },
    // Valid but hostile text: one endless word, punctuation-dense junk, only markers or line breaks.
    () => {
      const size = 100_000 + randomInt(random, 800_000);
      const unit = pick(random, ['x', 'ab.', 'a1-b2_', '- ', '\n', '. ', '🙂']);
      const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
      return {
        label: `hostile text of ${size} characters of ${JSON.stringify(unit)}`,
        body: bytes(JSON.stringify({ text, app_name: 'NotePad', source: 'direct', session_id: 's' })),
        headers: JSON_HEADERS,
        expect: 'not5xx',
      };
    },
    // Keys that are wrong, missing or hostile.
    () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const choice = randomInt(random, 4);
      if (choice === 0) headers.apikey = 'k'.repeat(1 + randomInt(random, 8000));
      if (choice === 1) headers.Authorization = `Bearer ${randomString(random, 20).replace(/[^\x21-\x7e]/g, 'x')}`;
      if (choice === 2) headers.Authorization = 'Basic dXNlcjpwYXNz';
      return { label: 'bad key', body: bytes('{"text":"a note"}'), headers, expect: '4xx' };
    },
  ];
  return Array.from({ length: count }, (_, i) => ({
    name: NAMES[i % NAMES.length],
    ...families[i % families.length](NAMES[i % NAMES.length]),
  }));
}

/** Sends raw bytes (tests/support/rawRequest.ts); every request settles, with an answer or the reason there was none. */
function send(base: string, name: string, body: Uint8Array, headers: Record<string, string>): Promise<RawOutcome> {
  return sendRaw({
    url: `${base}/${name}`,
    headers: { ...headers, 'Content-Length': String(body.byteLength), Connection: 'close' },
    body,
    timeoutMs: 30_000,
  });
}

let host: ChildHost;
beforeAll(async () => {
  host = await startChildHost();
});
afterAll(async () => {
  await host.stop();
});

describe('the functions under hostile input', () => {
  it(
    `answer ${CASES} seeded malformed and hostile requests (seed ${SEED}) with JSON 4xx, never a 5xx or a crash`,
    async () => {
      const cases = buildCases(CASES);
      const failures: string[] = [];
      const counts = new Map<number, number>();
      for (let i = 0; i < cases.length; i += 6) {
        await Promise.all(
          cases.slice(i, i + 6).map(async (c, k) => {
            const outcome = await send(host.base, c.name, c.body, c.headers);
            // Oversized bodies too: the host reads and drops them, so the client always reads its 413.
            if (outcome.kind === 'no-answer') {
              failures.push(`no answer (${outcome.code}) for case ${i + k} (${c.name}, ${c.label})`);
              return;
            }
            const answer = outcome;
            counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
            let json: { error?: unknown } | undefined;
            try {
              json = JSON.parse(answer.body);
            } catch {
              json = undefined;
            }
            const where = `case ${i + k} (${c.name}, ${c.label}): ${answer.status} ${answer.body.slice(0, 120)}`;
            if (answer.status >= 500) failures.push(`5xx for ${where}`);
            else if (c.expect === '4xx' && (answer.status < 400 || typeof json?.error !== 'string'))
              failures.push(`not a JSON 4xx for ${where}`);
            else if (c.label === 'string over 1 MB' && answer.status !== 413) failures.push(`not 413 for ${where}`);
            else if (json === undefined) failures.push(`not JSON for ${where}`);
          }),
        );
      }
      console.log(
        `functions fuzz (seed ${SEED}): ${cases.length} cases, answers by status ${JSON.stringify(Object.fromEntries([...counts].sort()))}`,
      );
      expect(failures).toEqual([]);
      expect(host.child.exitCode).toBeNull();
      const after = await call(host.base, 'summarize', { text: 'The host still answers. It did not crash.' });
      expect(after.status).toBe(200);
    },
    60_000 + CASES * 300,
  );

  it('answers headers far over the server limit with a JSON 431 and keeps serving', async () => {
    const outcome = await sendRaw({
      url: `${host.base}/track-app-usage`,
      headers: { ...JSON_HEADERS, 'X-Huge': 'h'.repeat(64_000) },
      body: '{}',
    });
    if (outcome.kind !== 'answer') throw new Error(`no answer to oversized headers: ${outcome.code} ${outcome.message}`);
    const answer = outcome;
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error).toMatch(/headers are too large/);
    expect((await call(host.base, 'track-app-usage', { app_name: 'NotePad', source: 'direct', session_id: 'after' })).status).toBe(200);
  }, 60_000);
});
