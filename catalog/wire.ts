/**
 * The sync wire contract, declared once for the app, the host, the tests and the bench
 * (docs/sync.md "Endpoints", "Limits"): the sealed event and what the host checks of it, the push
 * body and answer, the pull page, the sealed checkpoint and its format, and how big an event is on
 * the wire: one measure, the UTF-8 bytes of the sealed event's JSON text, used by the app (which
 * cuts its pushes by it and sets aside what is over) and by the sync server (which enforces it), so
 * both agree to the byte. Web-standard APIs only: it runs in the browser, on Node and on Deno.
 */

import { DEVICE_ID_PATTERN } from './envelope';
import { isRecord } from './guards';
import type { SealedEvent } from './wireSchemas';

const MIB = 1_048_576;

/** Events in one push: a push of more is refused as a whole (413). */
export const MAX_PUSH_EVENTS = 500;
/** A push request's body in bytes, on the wire and after gzip inflation: a larger one is refused as a whole (413). */
export const MAX_PUSH_BODY_BYTES = 8 * MIB;
/**
 * One event's JSON without `seq`, in UTF-8 bytes: a larger event is refused (the rest of its push is
 * stored). The HTML of a 5,000-paragraph note alone is over 2 MiB, and such a note must sync.
 */
export const MAX_WIRE_EVENT_BYTES = 6 * MIB;

/** Code units encoded per step: at most 3 bytes each, so a step always fits the buffer. */
const STEP_UNITS = 16_384;
const encoder = new TextEncoder();
/** Reused by every call, so measuring a long note's save allocates no copy of it. */
const scratch = new Uint8Array(STEP_UNITS * 3);

/**
 * The UTF-8 length of `text` in bytes, as `TextEncoder` would encode it (a lone surrogate counts as
 * U+FFFD, 3 bytes), without allocating the encoded copy: the text is encoded a slice at a time into
 * one reused buffer. Never throws.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + STEP_UNITS);
    // A surrogate pair split between two steps would count as two U+FFFD (6 bytes) instead of 4.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end--;
    bytes += encoder.encodeInto(start === 0 && end === text.length ? text : text.slice(start, end), scratch).written;
    start = end;
  }
  return bytes;
}

/**
 * The body of a push, `{"deviceId":…,"events":[…]}`, in UTF-8 bytes, from the bytes of its events'
 * JSON (`eventBytes`, summed) and their number: what the server compares with MAX_PUSH_BODY_BYTES.
 */
export function pushBodyBytes(deviceId: string, eventBytes: number, events: number): number {
  return utf8Length(JSON.stringify({ deviceId, events: [] })) + eventBytes + Math.max(0, events - 1);
}

// ---- The sync wire contract (docs/sync.md "Endpoints"): declared once, used by the app, the host, the tests and the bench.

/** Bytes of an AES-256-GCM nonce (96 bits, random per message) and of its tag. */
export const SEAL_NONCE_BYTES = 12;
const SEAL_TAG_BYTES = 16;

/** The sealed event, the push answer, the pull page and the sealed checkpoint: shapes declared once as schemas. */
export type { PullPage, PushAnswer, SealedCheckpoint, SealedEvent } from './wireSchemas';

/** The keys a sealed event may have (catalog/wireSchemas.ts `SEALED_EVENT`): any other key (a plain `type` or `payload`) is refused by the host. */
const SEALED_EVENT_KEYS: ReadonlySet<string> = new Set<keyof SealedEvent>(['v', 'id', 'at', 'device', 'c']);

/** `POST /functions/v1/sync/push` body. */
export interface PushBody {
  deviceId: string;
  events: SealedEvent[];
}

/**
 * The format of checkpoints this build writes: the notes projection of event schema 5 (notebooks,
 * tags, note identity, the account's shared links, chains of changes), bodies HTML only (a new
 * device reopens them from HTML) with their chain, gzip-compressed, then sealed.
 */
export const CHECKPOINT_FORMAT = 'notes-state/5+gzip';

/**
 * Checkpoint formats this build reads, with the event schema version whose notes state each holds
 * (the state is upcast from it, catalog/readState.ts). Builds of schema 2 and 3 wrote the same
 * state under the first name. A checkpoint of any other format is not used: the device pulls from
 * the start instead.
 */
export const CHECKPOINT_FORMAT_VERSIONS: Readonly<Record<string, number>> = {
  'notes-state/2+gzip': 3,
  'notes-state/4+gzip': 4,
  [CHECKPOINT_FORMAT]: 5,
};

/**
 * The HKDF-SHA-256 `info` of the checkpoint proof (docs/sync.md "snapshot"): from the account's
 * recovery key (salt empty, 32 bytes), sent base64url with a checkpoint upload; the host keeps
 * only its verifier, the base64url SHA-256 of the proof's bytes.
 */
export const CHECKPOINT_PROOF_INFO = 'notepad/checkpoint-proof/1';

/**
 * The checkpoint verifier of `proof` (base64url of 32 bytes): the base64url SHA-256 of its bytes,
 * what the device registers and what the host compares an upload's proof with. Web-standard APIs
 * only. @throws DOMException when `proof` is not base64url.
 */
export async function checkpointVerifierOf(proof: string): Promise<string> {
  const bytes = Uint8Array.from(atob(proof.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `PUT /functions/v1/sync/snapshot` refused (403) for an account with a verifier: no proof, or not the verifier's. */
export const CHECKPOINT_PROOF_REFUSED = "This checkpoint needs the account key's proof";

/** `PUT /functions/v1/sync/snapshot` refused (403): a proof, but the account has no verifier (register it, then upload again). */
export const CHECKPOINT_VERIFIER_MISSING = 'No checkpoint verifier is registered for this account: register one first';

/** `GET /functions/v1/sync/pull` refused (410, with `floor`): `after` is below the events the host dropped. */
export function eventsDroppedMessage(floor: number): string {
  return `Events up to serverSeq ${floor} were dropped: start from the checkpoint`;
}

/** The base64 length (with padding) of `bytes` bytes. */
function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/** The length of `c` for a sealed plaintext of `plainBytes` bytes: base64 of nonce, ciphertext and tag. */
export function sealedLength(plainBytes: number): number {
  return base64Length(SEAL_NONCE_BYTES + plainBytes + SEAL_TAG_BYTES);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Why `event` is not a sealed event the host can store, or null when its envelope is one: only the
 * envelope is read (docs/sync.md "push"). Checks the keys (SEALED_EVENT_KEYS only), `v` (a whole
 * number from 1), `id` (8-64 characters), `at` (a time), `device` (a device id, when
 * present) and `c` (base64 long enough for a nonce and a tag). The schema version's upper bound is
 * the host's to check (its EVENT_SCHEMA_VERSION). Never throws.
 */
export function sealedEnvelopeError(event: unknown): string | null {
  if (!isRecord(event)) return 'not an object';
  const extra = Object.keys(event).find((key) => !SEALED_EVENT_KEYS.has(key));
  if (extra !== undefined) return `not sealed: "${extra.slice(0, 40)}" is not an envelope field (events sync end-to-end encrypted)`;
  if (!Number.isSafeInteger(event.v) || (event.v as number) < 1) return 'bad field v';
  if (typeof event.id !== 'string' || event.id.length < 8 || event.id.length > 64) return 'bad id';
  if (typeof event.at !== 'string' || event.at.length > 64 || Number.isNaN(Date.parse(event.at))) return 'bad time';
  if (event.device !== undefined && (typeof event.device !== 'string' || !DEVICE_ID_PATTERN.test(event.device))) return 'bad device';
  if (typeof event.c !== 'string' || event.c.length < sealedLength(0) || event.c.length % 4 !== 0 || !BASE64.test(event.c))
    return 'bad field c: not the base64 of a sealed event';
  return null;
}
