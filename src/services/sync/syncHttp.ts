/**
 * The host's sync endpoints over HTTP (`{origin}/functions/v1/sync/...`, docs/sync.md), as the sync
 * transport, the shared-link calls and the key calls reach them: one client, one reading of an
 * answer by its catalog schema, and for the first two one mapping of a call that fails to a SyncError.
 */
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { retryAfterSeconds } from './retryAfter';
import { SyncError } from './transport';

/** A call that has not answered in this long has failed (ms); the sync engine retries. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * `client` aimed at the sync endpoints of `origin`, with the session cookie: no retries (the caller
 * decides), a timeout, and non-2xx answers returned rather than thrown. `client`'s own options
 * (headers, hooks) are kept.
 */
export function syncEndpoints(origin: string, client: KyInstance): KyInstance {
  return client.extend({
    prefixUrl: `${origin}/functions/v1/sync`,
    timeout: CALL_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    credentials: 'same-origin',
  });
}

/** The answer of `request`, whatever its status. @throws SyncError `offline` when there is none (no network, timeout). */
export async function answerOf(request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    throw new SyncError('offline', error instanceof Error ? error.message : String(error));
  }
}

/** The host's answer to a request it refused: `{error}`, the reason in words. */
const ERROR_ANSWER = v.object({ error: v.string() });

/** The `{error}` words of a failed answer, or null when its body is not one (not JSON, another shape). Never throws. */
export async function errorWords(response: Response): Promise<string | null> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return null;
  }
  const answer = v.safeParse(ERROR_ANSWER, body);
  return answer.success ? answer.output.error : null;
}

/** A SyncError for a non-2xx answer, with the host's `{error}` words or the status line: 401 signed out, 429 and 5xx busy (with the server's Retry-After), other statuses refused. */
export async function failure(response: Response): Promise<SyncError> {
  const { status } = response;
  const message = (await errorWords(response)) ?? `${status} ${response.statusText}`.trim();
  if (status === 401) return new SyncError('signed-out', message, null, status);
  if (status === 429 || status >= 500) {
    const seconds = retryAfterSeconds(response);
    return new SyncError('busy', message, seconds === null ? null : seconds * 1000, status);
  }
  return new SyncError('refused', message, null, status);
}

/** Said of a 2xx answer that is not the JSON its endpoint answers (docs/sync.md "A host that lies"). */
export const UNREADABLE_ANSWER = 'The sync server sent an answer this device cannot read';

/** The issues under `issues` that have none of their own (a union's: those of each of its options). */
const leafIssues = (issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown>[] =>
  issues.flatMap((issue) => (issue.issues?.length ? leafIssues(issue.issues) : [issue]));

/**
 * The JSON body of `response` as `schema` (catalog/wire.ts, keys.ts, share.ts) reads it, or what is
 * wrong with it in words (not JSON; each field of another shape, by its path). Never throws.
 */
export async function readAnswer<S extends v.GenericSchema>(
  response: Response,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; reason: string }> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const answer = v.safeParse(schema, body);
  if (answer.success) return { ok: true, value: answer.output };
  const reason = leafIssues(answer.issues)
    .map((issue) => `${issue.path?.map((item) => String(item.key)).join('.') ?? 'the answer'}: ${issue.message}`)
    .join('; ');
  return { ok: false, reason };
}

/**
 * The body of a 2xx `response` as `schema` reads it. @throws SyncError `refused` (UNREADABLE_ANSWER,
 * what is wrong, the status) when it is not JSON of that shape: the engine retries as for any failure.
 */
export async function syncAnswer<S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> {
  const answer = await readAnswer(response, schema);
  if (!answer.ok) throw new SyncError('refused', `${UNREADABLE_ANSWER} (${answer.reason})`, null, response.status);
  return answer.value;
}
