// Loopback load: LOAD_REQUESTS requests (3,000 unless set; `npm run test:stress` sends 10,000) across the three
// functions on the host running as its own process, with 0 5xx answers. Requests per second and
// p99 latency are printed, never asserted (speed belongs to `npm run bench:functions`).
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, sampleNote, startChildHost, type ChildHost } from './functionsHelpers';

const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 3_000);
const CONNECTIONS = 10;

let host: ChildHost;
beforeAll(async () => {
  host = await startChildHost();
});
afterAll(async () => {
  await host.stop();
});

describe('the functions under load', () => {
  it(`answer ${REQUESTS.toLocaleString('en-US')} loopback requests across summarize, find-resources and track-app-usage with no 5xx and no errors`, async () => {
    const url = new URL(host.base);
    const note = sampleNote(80);
    const result = await autocannon({
      url: url.origin,
      connections: CONNECTIONS,
      amount: REQUESTS,
      timeout: 20,
      requests: [
        { method: 'POST', path: `${url.pathname}/summarize`, headers: JSON_HEADERS, body: JSON.stringify({ text: note }) },
        {
          method: 'POST',
          path: `${url.pathname}/track-app-usage`,
          headers: JSON_HEADERS,
          body: JSON.stringify({ app_name: 'NotePad', source: 'direct', session_id: 'load-test' }),
        },
        { method: 'POST', path: `${url.pathname}/find-resources`, headers: JSON_HEADERS, body: JSON.stringify({ text: note }) },
      ],
    });
    console.log(
      `functions load: ${result.requests.total} requests over ${CONNECTIONS} connections in ${result.duration.toFixed(1)} s: ` +
        `${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
        `2xx ${result['2xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    expect(result.requests.total).toBeGreaterThanOrEqual(REQUESTS);
    expect(result['5xx']).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(host.child.exitCode).toBeNull();
  }, 180_000);
});
