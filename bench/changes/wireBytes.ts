/**
 * Bytes on the wire of one event, as the sync engine would push it today (docs/architecture.md
 * "Sync"): the event sealed with the account key by the app's own `sealEvent` (AES-256-GCM,
 * base64), in a push body `{deviceId, events}`, gzip-compressed from 16 KiB as the HTTP transport
 * does. Request bodies only, as `sync.upload.5000blocks.minute` counts them.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sealEvent } from '../../src/services/sync/e2ee/seal';

/** The HTTP transport's threshold for gzip (src/services/sync/httpTransport.ts). */
const COMPRESS_FROM_BYTES = 16 * 1024;
const DEVICE = randomUUID();
const USER = randomUUID();
let key: CryptoKey | null = null;

async function accountKey(): Promise<CryptoKey> {
  key ??= await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return key;
}

/** Base64 of bytes (a binary update inside an event's JSON payload). */
export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A note event of `type` with `payload`, as the log would hold it (envelope of schema version 3). */
export function noteEvent(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  return { v: 3, id: randomUUID(), at: new Date().toISOString(), device: DEVICE, type, payload };
}

/** Request body bytes of pushing `events` in one push (sealed; gzip from 16 KiB). */
export async function pushBytes(events: Record<string, unknown>[]): Promise<{ wire: number; json: number }> {
  const k = await accountKey();
  const sealed = await Promise.all(events.map((e) => sealEvent(k, USER, e)));
  const json = Buffer.from(JSON.stringify({ deviceId: DEVICE, events: sealed }));
  return { wire: json.length < COMPRESS_FROM_BYTES ? json.length : gzipSync(json).length, json: json.length };
}
