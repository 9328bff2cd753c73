/**
 * Shared links' endpoints (docs/sync.md "Shared links"): the owner stores (`PUT share`), lists
 * (`GET shares`) and deletes (`DELETE share`) the sealed copies of its notes, with its session and
 * the cookie origin rule of every sync endpoint; anyone with a link's id reads its copy (`GET share`),
 * a limited number of times per address. The host checks shapes and sizes only: it never sees a key
 * or a word of the note. Expired copies are deleted when read, and all of them at most once a minute.
 */
import {
  kdfError,
  SEALED_SHARE_VERSION,
  SHARE_ID_PATTERN,
  SHARE_TAG_PATTERN,
  MAX_SHARE_LIFETIME_MS,
  sealedLength,
  utf8Length,
  type KdfParams,
} from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { requireObject } from '../_shared/requestBody.ts';
import type { RateLimiter } from '../_shared/rateLimit.ts';
import { json, jsonText, readJson } from './body.ts';
import type { OpenCall, SyncCall } from './context.ts';
import { requireDeviceId } from './params.ts';
import { requireOwnDevice, useQueryDevice } from './pull.ts';
import type { ShareStore } from './shareStore.ts';

/** What the share endpoints need besides the call: the store, the per-address limit of reads, the sweep of expired copies. */
export interface ShareEndpointDeps {
  store: ShareStore | undefined;
  reads: RateLimiter;
  /** Deletes expired copies, at most once a minute whatever the calls. */
  sweep(now: Date): Promise<void>;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The store, or 404 when this host keeps no shared links (a handler built without them). */
function storeOf(deps: ShareEndpointDeps): ShareStore {
  if (!deps.store) throw new HttpError(404, 'This host keeps no shared links');
  return deps.store;
}

/** `value` as a share id. @throws HttpError 400. */
function requireShareId(value: unknown): string {
  if (typeof value !== 'string' || !SHARE_ID_PATTERN.test(value)) throw new HttpError(400, 'id must be a share id: 16 bytes in base64url');
  return value;
}

/** `value` as an expiry: null, or an ISO-8601 time after `now` and at most MAX_SHARE_LIFETIME_MS after it. @throws HttpError 400. */
function requireExpiry(value: unknown, now: Date): Date | null {
  if (value === null) return null;
  const at = typeof value === 'string' && value.length <= 64 ? Date.parse(value) : NaN;
  if (Number.isNaN(at) || at <= now.getTime() || at > now.getTime() + MAX_SHARE_LIFETIME_MS)
    throw new HttpError(400, `expiresAt must be null or a time within the next ${MAX_SHARE_LIFETIME_MS / 86_400_000} days`);
  return new Date(at);
}

/** `value` as a sealed copy, re-serialized with its known fields only. @throws HttpError 400 naming the field. */
function sealedShareText(value: unknown): string {
  const share = requireObject(value);
  const extra = Object.keys(share).find((key) => !['v', 'kdf', 'wrap', 'c'].includes(key));
  if (extra !== undefined)
    throw new HttpError(400, `share.${extra.slice(0, 40)} is not a field of a sealed copy (notes are end-to-end encrypted)`);
  if (share.v !== SEALED_SHARE_VERSION) throw new HttpError(400, `share.v must be ${SEALED_SHARE_VERSION}`);
  let kdf: KdfParams | null = null;
  if (share.kdf !== null) {
    const problem = kdfError(share.kdf);
    if (problem) throw new HttpError(400, `share.${problem}`);
    const { alg, memoryKiB, iterations, parallelism, salt } = share.kdf as KdfParams;
    kdf = { alg, memoryKiB, iterations, parallelism, salt };
  }
  const sealed = (field: 'wrap' | 'c', max: number) => {
    const text = share[field];
    if (typeof text !== 'string' || text.length < sealedLength(0) || text.length > max || text.length % 4 !== 0 || !BASE64.test(text))
      throw new HttpError(400, `share.${field} must be the base64 of a sealed ${field === 'c' ? 'note' : 'key'}`);
    return text;
  };
  return JSON.stringify({ v: SEALED_SHARE_VERSION, kdf, wrap: sealed('wrap', 512), c: sealed('c', Number.MAX_SAFE_INTEGER) });
}

/**
 * `PUT /share {deviceId, id, expiresAt, tag, share?}` -> `{id, expiresAt}`: a new copy of the
 * caller's link (making the link when new), or with no `share` new options of the stored copy.
 * 403 for an id of another account; 409 beyond the live links an account may have; 404 for options
 * of a link without a copy; 410 for options of a link whose copy expired.
 */
export async function putShare(call: SyncCall, deps: ShareEndpointDeps): Promise<Response> {
  const store = storeOf(deps);
  const now = call.now();
  await deps.sweep(now);
  const body = requireObject(await readJson(call.req, call.limits.maxShareBytes));
  const deviceId = requireDeviceId(body.deviceId);
  const id = requireShareId(body.id);
  const expiresAt = requireExpiry(body.expiresAt, now);
  if (typeof body.tag !== 'string' || !SHARE_TAG_PATTERN.test(body.tag)) throw new HttpError(400, 'tag must be 32 bytes in base64url');
  const text = body.share === undefined ? null : sealedShareText(body.share);
  await requireOwnDevice(call, deviceId);
  const result = await store.write(
    call.identity.userId,
    { id, expiresAt, tag: body.tag, body: text, bytes: text === null ? 0 : utf8Length(text) },
    now,
    call.limits.maxSharesPerAccount,
  );
  if (result === 'not-yours') throw new HttpError(403, 'This share id cannot be used by this account: generate a new random one');
  if (result === 'too-many')
    throw new HttpError(409, `This account shares ${call.limits.maxSharesPerAccount} notes already: stop sharing one to share another`);
  if (result === 'missing') throw new HttpError(404, 'This account has no shared link with this id: send its copy');
  if (result === 'expired') throw new HttpError(410, 'This link expired: send a new copy to share it again');
  return json(200, { id, expiresAt: expiresAt?.toISOString() ?? null }, call.headers);
}

/** `DELETE /share?deviceId&id` -> `{deleted}`: the caller's link and its copy are gone (false: it had none with this id). */
export async function deleteShare(call: SyncCall, deps: ShareEndpointDeps): Promise<Response> {
  const store = storeOf(deps);
  await deps.sweep(call.now());
  await useQueryDevice(call);
  const id = requireShareId(call.url.searchParams.get('id'));
  return json(200, { deleted: await store.remove(call.identity.userId, id) }, call.headers);
}

/** `GET /shares?deviceId` -> `{shares: [{id, createdAt, updatedAt, expiresAt, expired, bytes, tag}]}`: every link of the caller's account. */
export async function listShares(call: SyncCall, deps: ShareEndpointDeps): Promise<Response> {
  const store = storeOf(deps);
  const now = call.now();
  await deps.sweep(now);
  await useQueryDevice(call);
  return json(200, { shares: await store.list(call.identity.userId, now) }, call.headers, call.gzip);
}

/**
 * `GET /share?id` (anyone with the id) -> `{share, updatedAt}`; 404 when the link was stopped or never
 * made; 410 once it expired (its copy is deleted then); 429 past the reads an address may make.
 */
export async function getShare(call: OpenCall, deps: ShareEndpointDeps): Promise<Response> {
  const store = storeOf(deps);
  const decision = await deps.reads.take(call.clientAddress);
  if (!decision.allowed)
    throw new HttpError(429, 'Too many shared notes were opened from this network: try again in a minute', {
      'Retry-After': String(decision.retryAfterS),
    });
  const now = call.now();
  await deps.sweep(now);
  const found = await store.read(requireShareId(call.url.searchParams.get('id')), now);
  if (found === 'missing') throw new HttpError(404, 'No note is shared by this link: it was stopped, or never made');
  if (found === 'expired') throw new HttpError(410, 'This link has expired');
  return jsonText(200, `{"share":${found.body},"updatedAt":${JSON.stringify(found.updatedAt)}}`, call.headers, call.gzip);
}
