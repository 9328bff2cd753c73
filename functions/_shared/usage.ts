/**
 * Usage records of `track-app-usage` (docs/product.md "Calls"): what one app load sends, how it
 * is checked, and the store interface (SQLite on the Node host, PostgREST or the log on Deno).
 */
import { HttpError } from './httpError.ts';
import { requireObject } from './requestBody.ts';

/** One app load. `at` is an ISO-8601 UTC time set by the server. */
export interface UsageRecord {
  at: string;
  app_name: string;
  source: string;
  session_id: string;
}

/** Where usage records go. */
export interface UsageStore {
  record(usage: UsageRecord): void | Promise<void>;
}

/** Longest accepted field values, in characters. */
const USAGE_FIELD_MAX_CHARS = { app_name: 100, source: 100, session_id: 200 } as const;

/**
 * The fields of a tracking body: non-empty strings without control characters, within
 * USAGE_FIELD_MAX_CHARS, trimmed. Other fields are ignored.
 * @throws HttpError 400 naming the first bad field.
 */
export function parseUsageBody(body: unknown): Omit<UsageRecord, 'at'> {
  const fields = requireObject(body);
  const out: Record<string, string> = {};
  for (const [name, max] of Object.entries(USAGE_FIELD_MAX_CHARS)) {
    const value = fields[name];
    if (value === undefined || value === null) throw new HttpError(400, `Missing "${name}"`);
    if (typeof value !== 'string') throw new HttpError(400, `"${name}" must be a string`);
    const trimmed = value.trim();
    if (!trimmed) throw new HttpError(400, `"${name}" is empty`);
    if (trimmed.length > max) throw new HttpError(400, `"${name}" is longer than ${max} characters`);
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new HttpError(400, `"${name}" contains control characters`);
    out[name] = trimmed;
  }
  return out as Omit<UsageRecord, 'at'>;
}
