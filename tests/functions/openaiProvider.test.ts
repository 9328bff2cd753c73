// The openai provider against a fake OpenAI-compatible server on 127.0.0.1, through the real host:
// normal answers, slow (504), failing (502), reset (502), garbage and malformed answers
// (502 for summaries, local fallback for resources), unreachable (502).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, chatAnswer, startFakeProvider, startTestHost, type FakeProvider, type TestHost } from './functionsHelpers';

const TIMEOUT_MS = 400;
const NOTE =
  'Photosynthesis turns light into chemical energy in plant cells. Chlorophyll absorbs mostly blue and red light. The process releases oxygen as a by-product.';

let fake: FakeProvider;
let host: TestHost;
const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

beforeAll(async () => {
  fake = await startFakeProvider();
  host = await startTestHost({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: 'sk-test',
    LLM_MODEL: 'tiny-model',
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});
afterAll(async () => {
  await host.close();
  await fake.close();
  warn.mockRestore();
});
afterEach(() => {
  fake.requests.length = 0;
  warn.mockClear();
});

const resourcesJson = (resources: unknown) => JSON.stringify({ resources });

describe('summaries from an OpenAI-compatible endpoint', () => {
  it('posts the note to /chat/completions with the model and key, and answers its text as the summary', async () => {
    fake.behaviour = (_req, res) => chatAnswer(res, '  Plants turn light into\nchemical energy.  ');
    const { status, json } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(200);
    expect(json).toEqual({ summary: 'Plants turn light into chemical energy.' });
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('tiny-model');
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: NOTE });
  });

  it('turns the model\'s lines into "• " bullets, dropping its own list markers', async () => {
    fake.behaviour = (_req, res) =>
      chatAnswer(res, '- Light becomes chemical energy.\n\n2. Chlorophyll absorbs blue and red.\n* Oxygen is released.');
    const { status, json } = await call(host.base, 'summarize', { text: NOTE, format: 'bullets' });
    expect(status).toBe(200);
    expect(json.summary).toBe('• Light becomes chemical energy.\n• Chlorophyll absorbs blue and red.\n• Oxygen is released.');
    expect(fake.requests[0].body.messages[0].content).toMatch(/one complete sentence per line/);
  });

  it('answers 504 when the provider does not answer within LLM_TIMEOUT_MS', async () => {
    fake.behaviour = () => undefined; // never answers
    const { status, json } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(504);
    expect(json.error).toBe(`The AI provider did not answer within ${TIMEOUT_MS} ms`);
  });

  it('answers 504 when the provider sends headers but stalls in the body', async () => {
    fake.behaviour = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"choices":');
    };
    const { status } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(504);
  });

  it('answers 502 when the provider answers HTTP 500', async () => {
    fake.behaviour = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"error":{"message":"model crashed"}}');
    };
    const { status, json } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(502);
    expect(json.error).toBe('The AI provider answered HTTP 500');
  });

  it('answers 502 when the provider resets the connection', async () => {
    fake.behaviour = (req) => req.socket.destroy();
    const { status, json } = await call(host.base, 'summarize', { text: NOTE });
    expect(status).toBe(502);
    expect(json.error).toMatch(/could not be reached/);
  });

  it('answers 502 for garbage, malformed JSON or an answer without text', async () => {
    const answers: ((res: import('node:http').ServerResponse) => void)[] = [
      (res) => res.end('<html>502 Bad Gateway</html>'),
      (res) => res.end('{"choices": [{"message": {"content": "half'),
      (res) => res.end(JSON.stringify({ choices: [] })),
      (res) => chatAnswer(res, '   '),
    ];
    for (const answer of answers) {
      fake.behaviour = (_req, res) => answer(res);
      const { status, json } = await call(host.base, 'summarize', { text: NOTE });
      expect(status).toBe(502);
      expect(json.error).toMatch(/invalid|not JSON|without text/);
    }
  });
});

describe('resources from an OpenAI-compatible endpoint', () => {
  it('keeps valid https resources, drops others and caps the count', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      title: `Link ${i}`,
      url: `https://example.org/page-${i}`,
      description: `Page ${i}`,
    }));
    fake.behaviour = (_req, res) =>
      chatAnswer(
        res,
        '```json\n' +
          resourcesJson([
            { title: 'Plain http', url: 'http://example.org/a', description: 'insecure' },
            { title: 'Script', url: 'javascript:alert(1)', description: 'x' },
            { title: 'Credentials', url: 'https://user:pw@example.org/', description: 'x' },
            { title: '', url: 'https://example.org/no-title', description: 'x' },
            ...many,
          ]) +
          '\n```',
      );
    const { status, json } = await call(host.base, 'find-resources', { text: NOTE });
    expect(status).toBe(200);
    expect(json.resources).toHaveLength(8);
    expect(json.resources[0]).toEqual({ title: 'Link 0', url: 'https://example.org/page-0', description: 'Page 0' });
    expect(json.resources.every((r: { url: string }) => r.url.startsWith('https://example.org/page-'))).toBe(true);
    expect(fake.requests[0].body.response_format).toEqual({ type: 'json_object' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the local provider with a log line when the answer is garbage, malformed or has no valid link', async () => {
    const contents = [
      'Sure! Here are some links: https://example.org',
      '{"resources": [',
      resourcesJson([{ title: 'x', url: 'ftp://example.org' }]),
      '{"links": []}',
    ];
    for (const content of contents) {
      fake.behaviour = (_req, res) => chatAnswer(res, content);
      const { status, json } = await call(host.base, 'find-resources', { text: NOTE });
      expect(status).toBe(200);
      expect(json.resources.length).toBeGreaterThan(0);
      expect(json.resources[0].url).toMatch(/^https:\/\/en\.wikipedia\.org\/w\/index\.php\?search=/);
      expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/^\[find-resources\] .*using the local provider$/));
    }
    fake.behaviour = (_req, res) => res.end('not json at all');
    expect((await call(host.base, 'find-resources', { text: NOTE })).status).toBe(200);
  });

  it('answers 502 on HTTP errors and resets, and 504 on a timeout, as summaries do', async () => {
    fake.behaviour = (_req, res) => {
      res.writeHead(503);
      res.end();
    };
    expect((await call(host.base, 'find-resources', { text: NOTE })).status).toBe(502);
    fake.behaviour = (req) => req.socket.destroy();
    expect((await call(host.base, 'find-resources', { text: NOTE })).status).toBe(502);
    fake.behaviour = () => undefined;
    expect((await call(host.base, 'find-resources', { text: NOTE })).status).toBe(504);
  });
});

describe('an endpoint that cannot be reached', () => {
  it('answers 502 with a message', async () => {
    const closed = await startFakeProvider();
    const url = closed.baseUrl;
    await closed.close();
    const other = await startTestHost({ LLM_PROVIDER: 'openai', LLM_BASE_URL: url, LLM_TIMEOUT_MS: '2000' });
    try {
      const { status, json } = await call(other.base, 'summarize', { text: NOTE });
      expect(status).toBe(502);
      expect(json.error).toMatch(/could not be reached/);
    } finally {
      await other.close();
    }
  });
});
