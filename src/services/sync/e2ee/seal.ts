/**
 * Sealing sync content with the account key (docs/sync.md "Keys"): AES-256-GCM through WebCrypto
 * with a random 96-bit nonce per message and associated data that binds each ciphertext to the
 * account, and to the event (id, schema version, time, device) or the checkpoint (serverSeq,
 * format) it belongs to. A ciphertext moved to another event or account, or altered, does not
 * open. The account key is a non-extractable CryptoKey: this module never sees its bytes.
 */
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_FORMAT_VERSIONS,
  SEAL_NONCE_BYTES,
  sealedLength,
  utf8Length,
  type SealedCheckpoint,
  type SealedEvent,
} from '../../../../catalog';
import { fromBase64, toBase64 } from '../../../lib/base64';
import { drain, gunzipJson, gzipJson } from '../../../lib/gzipJson';
import { fromUtf8, utf8 } from './bytes';

/** Why a sealed event or checkpoint did not open: altered, or sealed for another event or account. */
export const ALTERED_REASON = "it was altered or is not this account's";

/** Thrown when a ciphertext does not open (ALTERED_REASON), or opens to something that is not JSON. */
export class SealError extends Error {
  constructor(message: string = ALTERED_REASON) {
    super(message);
    this.name = 'SealError';
  }
}

const subtle = () => globalThis.crypto.subtle;

/** Seal `plain` under `key` with associated data `aad`: nonce + ciphertext + tag, in base64. */
export async function sealBytes(key: CryptoKey, plain: Uint8Array<ArrayBuffer>, aad: string): Promise<string> {
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(SEAL_NONCE_BYTES));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv: nonce, additionalData: utf8(aad) }, key, plain));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce);
  out.set(sealed, nonce.length);
  return toBase64(out);
}

/** Open what sealBytes made with the same key and associated data. @throws SealError when it does not open. */
export async function openBytes(key: CryptoKey, sealed: string, aad: string): Promise<Uint8Array<ArrayBuffer>> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(sealed);
  } catch {
    throw new SealError();
  }
  if (bytes.length < SEAL_NONCE_BYTES + 16) throw new SealError();
  try {
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, SEAL_NONCE_BYTES), additionalData: utf8(aad) },
      key,
      bytes.subarray(SEAL_NONCE_BYTES),
    );
    return new Uint8Array(plain);
  } catch {
    throw new SealError();
  }
}

/** The envelope fields that stay in clear; everything else of an event is sealed. */
const CLEAR = new Set(['v', 'id', 'at', 'device', 'seq', 'sseq']);

/** Associated data of an event: its account and every envelope field the host sees, so none can be changed. */
function eventAad(userId: string, envelope: Omit<SealedEvent, 'c'>): string {
  return JSON.stringify(['notepad/event/1', userId, envelope.id, envelope.v, envelope.at, envelope.device ?? null]);
}

/** An event's clear envelope and the JSON text of what gets sealed (type, payload, anything else). */
export function splitEvent(event: Record<string, unknown>): { envelope: Omit<SealedEvent, 'c'>; inner: string } {
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) if (!CLEAR.has(key)) inner[key] = value;
  const envelope: Omit<SealedEvent, 'c'> = { v: event.v as number, id: event.id as string, at: event.at as string };
  if (typeof event.device === 'string') envelope.device = event.device;
  return { envelope, inner: JSON.stringify(inner) };
}

/**
 * The UTF-8 bytes of the sealed event's JSON that `envelope` with an inner text of `innerBytes`
 * bytes makes: exact, without sealing (a push is cut by it before anything is encrypted).
 */
export function sealedEventBytes(envelope: Omit<SealedEvent, 'c'>, innerBytes: number): number {
  return utf8Length(JSON.stringify({ ...envelope, c: '' })) + sealedLength(innerBytes);
}

/**
 * Event types whose inner text is compressed and padded before sealing (docs/sync.md "Threat
 * model"): a save as a change carries its blocks' text twice (document and HTML). Other events are
 * sealed as their JSON text, so a push is cut by their exact size.
 */
const COMPRESSED_TYPES: ReadonlySet<unknown> = new Set(['note.changed']);
/** Inner texts from this many UTF-8 bytes are compressed when that makes them smaller. */
const COMPRESS_INNER_FROM = 512;
/** First byte of a compressed inner text (a 4-byte length and deflate-raw follow); no JSON text starts with it. */
const DEFLATED = 0;
/** Bytes before the deflate-raw data: DEFLATED and the data's length (big-endian). */
const DEFLATED_HEADER = 5;
/** The smallest size bucket, in bytes. */
const MIN_BUCKET = 256;

/**
 * The size bucket `bytes` of compressed plaintext is padded to: at least MIN_BUCKET, then a
 * multiple of 1/16 of the power of two below it, so the host learns a compressed event's size to
 * within 6.25%.
 * @internal Test seam: used here; the tests check the buckets.
 */
export function paddedBytes(bytes: number): number {
  if (bytes <= MIN_BUCKET) return MIN_BUCKET;
  const step = 2 ** Math.max(0, Math.floor(Math.log2(bytes)) - 4);
  return Math.ceil(bytes / step) * step;
}

/**
 * The bytes sealed for an inner text: the JSON text, or, for a COMPRESSED_TYPES event where the
 * padded result is still smaller, DEFLATED, the length and the deflate-raw of the text, followed by
 * zeros up to its bucket. Never more bytes than the text, so `sealedEventBytes` bounds the result.
 */
async function innerBytes(inner: string, compress: boolean): Promise<Uint8Array<ArrayBuffer>> {
  const text = utf8(inner);
  if (!compress || text.length < COMPRESS_INNER_FROM) return text;
  const deflated = await drain(new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw')));
  const padded = paddedBytes(DEFLATED_HEADER + deflated.length);
  if (padded >= text.length) return text;
  const out = new Uint8Array(padded);
  out[0] = DEFLATED;
  new DataView(out.buffer).setUint32(1, deflated.length);
  out.set(deflated, DEFLATED_HEADER);
  return out;
}

/** The inner text of opened bytes (inflated when compressed). @throws SealError when they do not inflate. */
async function innerText(plain: Uint8Array<ArrayBuffer>): Promise<string> {
  try {
    if (plain[0] !== DEFLATED) return fromUtf8(plain);
    const length = plain.length >= DEFLATED_HEADER ? new DataView(plain.buffer, plain.byteOffset).getUint32(1) : -1;
    if (length < 0 || DEFLATED_HEADER + length > plain.length) throw new SealError('what it holds is not an event');
    const deflated = plain.subarray(DEFLATED_HEADER, DEFLATED_HEADER + length);
    return fromUtf8(await drain(new Blob([deflated]).stream().pipeThrough(new DecompressionStream('deflate-raw'))));
  } catch {
    throw new SealError('what it holds is not an event');
  }
}

/**
 * Seal an event (the app's event, or its wire form) for `userId`'s account. A save as a change is
 * compressed first where that pays (innerBytes); `sealedEventBytes` of the uncompressed text is an
 * upper bound of the result, exact for every other event.
 */
export async function sealEvent(key: CryptoKey, userId: string, event: Record<string, unknown>): Promise<SealedEvent> {
  const { envelope, inner } = splitEvent(event);
  return { ...envelope, c: await sealBytes(key, await innerBytes(inner, COMPRESSED_TYPES.has(event.type)), eventAad(userId, envelope)) };
}

/**
 * Open a sealed event of `userId`'s account: its envelope with the sealed fields. The result still
 * goes through the catalog's reader. @throws SealError when it does not open (altered, moved, or
 * another account's) or what it holds is not a JSON object.
 */
export async function openEvent(key: CryptoKey, userId: string, sealed: SealedEvent): Promise<Record<string, unknown>> {
  const envelope: Omit<SealedEvent, 'c'> = { v: sealed.v, id: sealed.id, at: sealed.at };
  if (sealed.device !== undefined) envelope.device = sealed.device;
  const text = await innerText(await openBytes(key, sealed.c, eventAad(userId, envelope)));
  let inner: unknown;
  try {
    inner = JSON.parse(text);
  } catch {
    throw new SealError('what it holds is not an event');
  }
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw new SealError('what it holds is not an event');
  return { ...(inner as Record<string, unknown>), ...envelope };
}

const checkpointAad = (userId: string, serverSeq: number, format: string) =>
  JSON.stringify(['notepad/checkpoint/1', userId, serverSeq, format]);

/** Seal the notes state of a checkpoint at `serverSeq`: gzip of its JSON, sealed (format CHECKPOINT_FORMAT). */
export async function sealCheckpoint(key: CryptoKey, userId: string, serverSeq: number, state: unknown): Promise<SealedCheckpoint> {
  const gzip = await gzipJson(state);
  return { serverSeq, format: CHECKPOINT_FORMAT, c: await sealBytes(key, gzip, checkpointAad(userId, serverSeq, CHECKPOINT_FORMAT)) };
}

/**
 * The notes state of a checkpoint of a format this build reads (CHECKPOINT_FORMAT_VERSIONS) as
 * opened: its gzip bytes (JSON of the notes state of schema `v`), for gunzipJson; or null for another
 * format. @throws SealError when it does not open.
 */
export async function openCheckpointGzip(
  key: CryptoKey,
  userId: string,
  checkpoint: SealedCheckpoint,
): Promise<{ v: number; gzip: Uint8Array<ArrayBuffer> } | null> {
  if (!Object.prototype.hasOwnProperty.call(CHECKPOINT_FORMAT_VERSIONS, checkpoint.format)) return null;
  const gzip = await openBytes(key, checkpoint.c, checkpointAad(userId, checkpoint.serverSeq, checkpoint.format));
  return { v: CHECKPOINT_FORMAT_VERSIONS[checkpoint.format], gzip };
}

/** The notes state (JSON, not yet parsed) held by the opened bytes `gzip`. @throws SealError when they do not hold JSON. */
export async function checkpointJson(gzip: Uint8Array<ArrayBuffer>): Promise<unknown> {
  try {
    return await gunzipJson(gzip);
  } catch {
    throw new SealError('the checkpoint holds no notes');
  }
}
