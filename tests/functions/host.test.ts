// Every status code of the wire contract (README "Functions"), through the real Hono host with the
// local provider.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../support/rawRequest';
import { ANON_KEY, AUTH, call, JSON_HEADERS, startTestHost, type TestHost } from './functionsHelpers';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host.close();
});

const NOTE =
  'The library council met on Tuesday to plan the new reading room. Funding for digital services must grow next year. Volunteers will run weekend programs for children. The roof of the old building leaks every winter. A vote on the budget is planned for April.';
const FUNCTIONS = ['summarize', 'find-resources', 'track-app-usage'] as const;
const VALID_BODY = {
  summarize: { text: NOTE },
  'find-resources': { text: NOTE },
  'track-app-usage': { app_name: 'NotePad', source: 'direct', session_id: 'session-1' },
};

function expectCors(headers: Headers) {
  expect(headers.get('access-control-allow-origin')).toBe('*');
  expect(headers.get('access-control-allow-headers')).toBe('authorization, x-client-info, apikey, content-type');
  expect(headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
}

describe('summarize', () => {
  it('answers 200 with a paragraph summary made of sentences of the note', async () => {
    const { status, json, headers } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof json.summary).toBe('string');
    expect(json.summary.length).toBeGreaterThan(0);
    expect(json.summary).not.toContain('\n');
    for (const sentence of json.summary.split(/(?<=\.) /)) expect(NOTE).toContain(sentence);
  });

  it('answers bullets as one sentence per line, each starting with "• "', async () => {
    const { status, json } = await call(host.base, 'summarize', { text: NOTE, format: 'bullets' });
    expect(status).toBe(200);
    const lines = json.summary.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.startsWith('• ')).toBe(true);
      expect(NOTE).toContain(line.slice(2));
    }
  });

  it('answers 400 for missing, non-string, blank text and an unknown format', async () => {
    for (const body of [
      {},
      { text: null },
      { text: 42 },
      { text: ['a'] },
      { text: { a: 1 } },
      { text: '' },
      { text: ' \n\t ' },
      { text: NOTE, format: 'poem' },
    ]) {
      const { status, json } = await call(host.base, 'summarize', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.error).toMatch(/text|format/);
    }
  });
});

describe('find-resources', () => {
  it('answers 200 with https search links whose descriptions say what they are', async () => {
    const { status, json } = await call(host.base, 'find-resources', { text: NOTE });
    expect(status).toBe(200);
    expect(json.resources.length).toBeGreaterThan(0);
    expect(json.resources.length).toBeLessThanOrEqual(8);
    for (const resource of json.resources) {
      expect(Object.keys(resource).sort()).toEqual(['description', 'title', 'url']);
      expect(new URL(resource.url).protocol).toBe('https:');
      expect(resource.description).toMatch(/search/i);
    }
  });

  it('answers 200 with an empty list when the note has nothing to look up', async () => {
    const { status, json } = await call(host.base, 'find-resources', { text: 'It is what it is, and so it goes.' });
    expect(status).toBe(200);
    expect(json).toEqual({ resources: [] });
  });

  it('answers 400 for missing or blank text', async () => {
    for (const body of [{}, { text: '   ' }, { text: 7 }]) expect((await call(host.base, 'find-resources', body)).status).toBe(400);
  });
});

describe('track-app-usage', () => {
  it('answers 200 {ok: true} and stores the record with the server time in SQLite', async () => {
    const before = Date.now();
    const { status, json } = await call(host.base, 'track-app-usage', { app_name: 'NotePad', source: 'video-app', session_id: 'abc-123' });
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true });
    const db = new Database(host.dbPath, { readonly: true });
    const row = db.prepare("SELECT * FROM app_usage WHERE session_id = 'abc-123'").get() as Record<string, string>;
    db.close();
    expect(row).toMatchObject({ app_name: 'NotePad', source: 'video-app', session_id: 'abc-123' });
    expect(Date.parse(row.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers 400 naming the field for missing, non-string, empty, overlong or control-character values', async () => {
    const good = { app_name: 'NotePad', source: 'direct', session_id: 's' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, app_name: undefined }, /app_name/],
      [{ ...good, source: 5 }, /source/],
      [{ ...good, session_id: '' }, /session_id/],
      [{ ...good, session_id: 'x'.repeat(201) }, /session_id/],
      [{ ...good, source: 'a\u0000b' }, /source/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await call(host.base, 'track-app-usage', body);
      expect(status).toBe(400);
      expect(json.error).toMatch(message);
    }
  });
});

describe('the edge every function shares', () => {
  it('answers a CORS preflight with 204 and the Supabase headers, without a key', async () => {
    for (const name of FUNCTIONS) {
      const response = await fetch(`${host.base}/${name}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.status).toBe(204);
      expectCors(response.headers);
    }
  });

  it('answers 401 JSON without a key or with a wrong one, and accepts either header alone', async () => {
    for (const name of FUNCTIONS) {
      const missing = await call(host.base, name, VALID_BODY[name], { headers: { 'Content-Type': 'application/json' } });
      expect(missing.status).toBe(401);
      expect(missing.json.error).toMatch(/Missing API key/);
      expectCors(missing.headers);
      const wrong = await call(host.base, name, VALID_BODY[name], {
        headers: { 'Content-Type': 'application/json', apikey: 'nope', Authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.json.error).toBe('Invalid API key');
      const apikeyOnly = await call(host.base, name, VALID_BODY[name], {
        headers: { 'Content-Type': 'application/json', apikey: ANON_KEY },
      });
      expect(apikeyOnly.status).toBe(200);
      const bearerOnly = await call(host.base, name, VALID_BODY[name], {
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ANON_KEY}` },
      });
      expect(bearerOnly.status).toBe(200);
    }
  });

  it('answers 405 with Allow for methods other than POST and OPTIONS', async () => {
    for (const name of FUNCTIONS) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const response = await fetch(`${host.base}/${name}`, { method, headers: AUTH });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST, OPTIONS');
        expect((await response.json()).error).toMatch(/use POST/);
      }
    }
  });

  it('answers 415 when the content type is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const { status, json } = await call(host.base, 'summarize', JSON.stringify({ text: NOTE }), {
        raw: true,
        headers: { ...AUTH, 'Content-Type': type },
      });
      expect(status, type).toBe(415);
      expect(json.error).toMatch(/application\/json/);
    }
    const none = await fetch(`${host.base}/summarize`, {
      method: 'POST',
      headers: AUTH,
      body: new Uint8Array(Buffer.from('{"text":"a"}')),
    });
    expect(none.status).toBe(415);
  });

  it('answers 400 for malformed JSON, an empty body, a non-object body and invalid UTF-8', async () => {
    const raw = async (body: BodyInit) => call(host.base, 'summarize', body, { raw: true });
    expect((await raw('{"text": "unterminated')).json.error).toBe('Request body is not valid JSON');
    expect((await raw('')).json.error).toMatch(/empty/);
    expect((await raw('[1,2]')).json.error).toBe('Request body must be a JSON object');
    expect((await raw('null')).status).toBe(400);
    const invalidUtf8 = new Uint8Array([...Buffer.from('{"text":"'), 0xff, 0xfe, 0xc3, ...Buffer.from('"}')]);
    const answer = await raw(invalidUtf8);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe('Request body is not valid UTF-8');
  });

  it('answers 413 for a body over 1 MB, declared or streamed in chunks', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(1_048_577) });
    const declared = await call(host.base, 'summarize', big, { raw: true });
    expect(declared.status).toBe(413);
    expect(declared.json.error).toMatch(/larger than 1048576 bytes/);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100_000).fill(0x61));
        controller.close();
      },
    });
    const streamed = await fetch(`${host.base}/find-resources`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error).toMatch(/larger than/);
  });

  it('lets a client that sends a whole oversized or refused body read the answer instead of a reset', async () => {
    const big = Buffer.from(JSON.stringify({ text: 'a'.repeat(1_300_000) }));
    const headers = { 'Content-Length': String(big.byteLength), Connection: 'close' };
    const cases = [
      { headers: { ...JSON_HEADERS, ...headers }, status: 413 },
      { headers: { 'Content-Type': 'application/json', apikey: 'wrong', ...headers }, status: 401 },
      { headers: { ...AUTH, 'Content-Type': 'text/plain', ...headers }, status: 415 },
    ];
    // Half the rounds upload slowly, so the answer is ready while the body is still arriving.
    for (let round = 0; round < 6; round++) {
      for (const c of cases) {
        const outcome = await sendRaw({
          url: `${host.base}/summarize`,
          headers: c.headers,
          body: big,
          chunkDelayMs: round % 2 ? 2 : undefined,
        });
        expect(outcome).toMatchObject({ kind: 'answer', status: c.status });
        if (outcome.kind === 'answer') expect(typeof JSON.parse(outcome.body).error).toBe('string');
      }
    }
  });

  it('cuts the connection of a body far over the limit instead of reading it all', async () => {
    const huge = Buffer.alloc(9 * 1_048_576, 0x61);
    const outcome = await sendRaw({
      url: `${host.base}/summarize`,
      headers: { ...JSON_HEADERS, 'Content-Length': String(huge.byteLength) },
      body: huge,
    });
    // Either the 413 was read before the cut, or the cut came first: never a hang, never a 2xx.
    if (outcome.kind === 'answer') expect(outcome.status).toBe(413);
    else expect(['ECONNRESET', 'EPIPE']).toContain(outcome.code);
    expect((await call(host.base, 'summarize', { text: 'Still serving after the cut.' })).status).toBe(200);
  });

  it('accepts a body of exactly 1 MB', async () => {
    const prefix = '{"text":"';
    const suffix = '"}';
    const text = 'word. '.repeat(Math.floor((1_048_576 - prefix.length - suffix.length) / 6));
    const body = prefix + text + suffix;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1_048_576);
    expect((await call(host.base, 'track-app-usage', body, { raw: true })).status).toBe(400);
    expect((await call(host.base, 'find-resources', body, { raw: true })).status).toBe(200);
  });

  it('answers 404 JSON with CORS for an unknown function name', async () => {
    for (const path of ['nope', 'summarize/extra']) {
      const { status, json, headers } = await call(host.base, path, { text: 'x' });
      expect(status).toBe(404);
      expect(json.error).toMatch(/Unknown function/);
      expectCors(headers);
    }
  });

  it('sends CORS and security headers with every answer, successful or not', async () => {
    const answers = [
      await call(host.base, 'summarize', { text: NOTE }),
      await call(host.base, 'summarize', { text: '' }),
      await call(host.base, 'track-app-usage', { app_name: 'NotePad', source: 'direct', session_id: 's' }),
    ];
    for (const { headers } of answers) {
      expectCors(headers);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers 431 JSON when the request headers are too large for the server', async () => {
    const outcome = await sendRaw({
      url: `${host.base}/summarize`,
      headers: { ...JSON_HEADERS, 'X-Padding': 'p'.repeat(40_000) },
      body: '{"text":"a"}',
    });
    if (outcome.kind !== 'answer') throw new Error(`no answer to oversized headers: ${outcome.code} ${outcome.message}`);
    const answer = outcome;
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request headers are too large' });
  });
});
