import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import * as v from 'valibot';
import type { FunctionsConfig } from './functionsConfig';
import type { Resource } from '../machines/resources';
import { FunctionsError } from './functionsError';

/**
 * The usage-tracking payload (docs/product.md "Calls").
 * @internal Test seam: used here; the tests type their cases with it.
 */
export interface UsageRecord {
  app_name: string;
  source: string;
  session_id: string;
}

/** The hosted helpers the app calls (docs/product.md "Calls"); every failure is a FunctionsError. */
export interface FunctionsClient {
  /** `summarize` with `{text, format?}`; resolves with the `summary` string. */
  summarize(text: string, format?: 'bullets'): Promise<string>;
  /** `find-resources` with `{text}`; resolves with the `resources` list (items without a title or url dropped). */
  findResources(text: string): Promise<Resource[]>;
  /** `track-app-usage`; resolves when the answer is ok (its body is not read, docs/product.md "Calls"). */
  trackAppUsage(record: UsageRecord): Promise<void>;
}

/** What the browser client needs besides its config; tests replace each. */
export interface FunctionsClientDeps {
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** False when the browser knows it is offline (default: `navigator.onLine`). */
  isOnline?: () => boolean;
  /** Where failures are logged (default: console.error). */
  logError?: (message: string) => void;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** A helper's answer to a request it refused: `{error}`, the reason in words. */
const ERROR_ANSWER = v.object({ error: v.pipe(v.string(), v.nonEmpty()) });
/** `summarize`'s answer. */
const SUMMARY_ANSWER = v.object({ summary: v.string() });
/** `find-resources`'s answer: its items are read one by one (RESOURCE), so one bad item drops only itself. */
const RESOURCES_ANSWER = v.object({ resources: v.array(v.unknown()) });
/** One resource: a title and url in text, the description "" when it is not text. */
const RESOURCE = v.object({ title: v.string(), url: v.string(), description: v.fallback(v.string(), '') });

/** The host's `{error}` message of a non-2xx answer, else its status text. Reads the body to its end. */
async function httpMessage(error: HTTPError): Promise<string> {
  const { response } = error;
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // Not JSON (a proxy's HTML page): fall back to the status line.
  }
  const answer = v.safeParse(ERROR_ANSWER, body);
  return answer.success ? answer.output.error : `${response.status} ${response.statusText}`.trim();
}

/** Keep the resources that have a string title and url; description defaults to "". */
function readResources(body: unknown): Resource[] | null {
  const answer = v.safeParse(RESOURCES_ANSWER, body);
  if (!answer.success) return null;
  return answer.output.resources.flatMap((item) => {
    const resource = v.safeParse(RESOURCE, item);
    return resource.success ? [resource.output] : [];
  });
}

/**
 * The browser implementation (docs/architecture.md "Services"): ky POSTs to `{url}/functions/v1/{name}`
 * with `apikey` and `Authorization: Bearer` headers, `config.timeoutMs` per request and no
 * retries (4xx is final; a repeated summarize would only cost the user time). Failures are logged
 * with the host's JSON message and rethrown as FunctionsError.
 */
export function createFunctionsClient(config: FunctionsConfig, deps: FunctionsClientDeps = {}): FunctionsClient {
  const isOnline = deps.isOnline ?? browserOnline;
  const logError = deps.logError ?? ((message: string) => console.error(message));
  const api: KyInstance = ky.create({
    prefixUrl: `${config.url}/functions/v1/`,
    timeout: config.timeoutMs,
    retry: 0,
    headers: { apikey: config.key, Authorization: `Bearer ${config.key}` },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  /** POST `json` to function `fn`; resolves with the answer, or throws FunctionsError (logged). */
  async function call(fn: string, json: unknown): Promise<Response> {
    try {
      if (!isOnline()) throw new FunctionsError(fn, 'offline', 'The browser is offline');
      return await api.post(fn, { json });
    } catch (error) {
      const failure = await toFunctionsError(fn, error);
      logError(`[functions] ${fn} failed (${failure.kind}${failure.status ? ` ${failure.status}` : ''}): ${failure.message}`);
      throw failure;
    }
  }

  async function readJson(fn: string, response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      const failure = new FunctionsError(fn, 'invalid-response', 'The answer is not JSON');
      logError(`[functions] ${fn} failed (invalid-response): ${failure.message}`);
      throw failure;
    }
  }

  function invalid(fn: string, message: string): never {
    logError(`[functions] ${fn} failed (invalid-response): ${message}`);
    throw new FunctionsError(fn, 'invalid-response', message);
  }

  return {
    async summarize(text, format) {
      const body = await readJson('summarize', await call('summarize', format ? { text, format } : { text }));
      const answer = v.safeParse(SUMMARY_ANSWER, body);
      return answer.success ? answer.output.summary : invalid('summarize', 'The answer has no summary');
    },
    async findResources(text) {
      const resources = readResources(await readJson('find-resources', await call('find-resources', { text })));
      return resources ?? invalid('find-resources', 'The answer has no resources list');
    },
    async trackAppUsage(record) {
      const response = await call('track-app-usage', record);
      // Only ok matters, but an unread body keeps the request open in the browser: drain it.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}

async function toFunctionsError(fn: string, error: unknown): Promise<FunctionsError> {
  if (error instanceof FunctionsError) return error;
  if (error instanceof HTTPError) return new FunctionsError(fn, 'http', await httpMessage(error), error.response.status);
  if (error instanceof TimeoutError) return new FunctionsError(fn, 'timeout', 'No answer in time');
  // fetch rejects with a TypeError when the host cannot be reached (offline, DNS, refused, CORS).
  if (error instanceof TypeError) return new FunctionsError(fn, 'offline', `The host cannot be reached (${error.message})`);
  return new FunctionsError(fn, 'invalid-response', error instanceof Error ? error.message : String(error));
}
