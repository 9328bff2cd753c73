/**
 * Bytes on the wire of a page's calls to the sync server (/functions/v1/sync/*) and the account
 * API (/api/auth/*), from the DevTools protocol's Network events of that page (docs/benchmarks.md
 * "Sync figures"). Playwright's own request events are not used: the app's `fetch` bodies reach
 * them without post data, and a response whose body the app never reads (a 404 snapshot, the
 * device PUT) never "finishes". Here a request body counts as its `Content-Length` as sent (gzip
 * when the app compressed it), a response body as the sum of its `dataReceived` bytes as received
 * (encoded: gzip, chunked framing), and headers by their text.
 */
import type { CDPSession, Page } from '@playwright/test';

/** One call: sizes in bytes; `finished` false for a call still open (the live stream) or cut off. */
export interface Call {
  requestId: string;
  method: string;
  /** Path and query, e.g. `/functions/v1/sync/pull?deviceId=…&after=0&limit=1000`. */
  path: string;
  status: number;
  /** ms since the recorder started: the request was sent, and its last byte came (NaN while open). */
  at: number;
  doneAt: number;
  requestBodyBytes: number;
  requestHeadersBytes: number;
  responseBodyBytes: number;
  responseHeadersBytes: number;
  requestEncoding: string | null;
  finished: boolean;
  failed: string | null;
  /** The request body as sent, when bodies are kept (to count events and inflated bytes afterwards). */
  body: Buffer | null;
}

/** A recorder of one page's sync and account calls. */
export interface TrafficRecorder {
  /** Every call seen so far, in the order they started. */
  calls(): Call[];
  /** Wait until kept bodies of finished calls are read. */
  settled(): Promise<void>;
  /** Stop recording and detach from the page. */
  stop(): Promise<void>;
}

const TRACKED = /^\/(functions\/v1\/sync\/|api\/auth\/)/;

type Headers = Record<string, string>;
const headerBytes = (headers: Headers) => Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 2);
const header = (headers: Headers, name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? null;

/**
 * Record `page`'s calls to the sync server and the account API from now on. `keepBodies`: keep the
 * bodies of POST and PUT calls (read through `Network.getRequestPostData` once the call finished).
 */
export async function recordTraffic(page: Page, keepBodies = false): Promise<TrafficRecorder> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const t0 = performance.now();
  const byId = new Map<string, Call>();
  // Extra-info events may come before or after the request's own event.
  const sentHeaders = new Map<string, Headers>();
  const receivedHeaders = new Map<string, { bytes: number }>();
  const reads = new Set<Promise<void>>();

  const apply = (call: Call) => {
    const sent = sentHeaders.get(call.requestId);
    if (sent) {
      call.requestBodyBytes = Number(header(sent, 'content-length') ?? call.requestBodyBytes);
      call.requestHeadersBytes = headerBytes(sent);
    }
    const received = receivedHeaders.get(call.requestId);
    if (received) call.responseHeadersBytes = received.bytes;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (!TRACKED.test(url.pathname)) return;
    const call: Call = {
      requestId: e.requestId,
      method: e.request.method,
      path: url.pathname + url.search,
      status: 0,
      at: performance.now() - t0,
      doneAt: Number.NaN,
      requestBodyBytes: 0,
      requestHeadersBytes: 0,
      responseBodyBytes: 0,
      responseHeadersBytes: 0,
      requestEncoding: header(e.request.headers, 'content-encoding'),
      finished: false,
      failed: null,
      body: null,
    };
    byId.set(e.requestId, call);
    apply(call);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    sentHeaders.set(e.requestId, e.headers);
    const call = byId.get(e.requestId);
    if (call) apply(call);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    receivedHeaders.set(e.requestId, { bytes: e.headersText?.length ?? headerBytes(e.headers) });
    const call = byId.get(e.requestId);
    if (call) apply(call);
  });
  cdp.on('Network.responseReceived', (e) => {
    const call = byId.get(e.requestId);
    if (call) call.status = e.response.status;
  });
  cdp.on('Network.dataReceived', (e) => {
    const call = byId.get(e.requestId);
    if (call) call.responseBodyBytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const call = byId.get(e.requestId);
    if (!call) return;
    call.finished = true;
    call.doneAt = performance.now() - t0;
    if (!keepBodies || call.method === 'GET') return;
    const read = cdp
      .send('Network.getRequestPostData', { requestId: e.requestId })
      .then((answer) => {
        const { postData, base64Encoded } = answer as { postData: string; base64Encoded?: boolean };
        call.body = Buffer.from(postData, base64Encoded ? 'base64' : 'utf8');
      })
      .catch(() => undefined)
      .finally(() => reads.delete(read));
    reads.add(read);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const call = byId.get(e.requestId);
    if (call) call.failed = e.errorText;
  });

  return {
    calls: () => [...byId.values()],
    settled: async () => {
      while (reads.size) await Promise.all([...reads]);
    },
    stop: async () => {
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** Calls whose path starts with `prefix`. */
export function callsTo<C extends Pick<Call, 'path'>>(calls: readonly C[], prefix: string): C[] {
  return calls.filter((c) => c.path.startsWith(prefix));
}

/** Total of one size over `calls`. */
export function total(
  calls: readonly Omit<Call, 'body'>[],
  field: 'requestBodyBytes' | 'responseBodyBytes' | 'requestHeadersBytes' | 'responseHeadersBytes',
): number {
  return calls.reduce((n, c) => n + c[field], 0);
}
