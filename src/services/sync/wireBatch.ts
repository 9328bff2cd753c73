/**
 * What a push sends (docs/architecture.md "Sync", docs/sync.md "Limits"): each event's wire form
 * with its size in the UTF-8 bytes the host counts, and the batches the outbox is cut into.
 */
import { MAX_WIRE_EVENT_BYTES, pushBodyBytes, utf8Length, type AppEvent } from '../../events/catalog';
import { MAX_DOCUMENT_WIRE_BYTES, PUSH_BATCH_BYTES, type WireEvent } from './protocol';

/** The event as it goes on the wire: no local position; a body save over MAX_DOCUMENT_WIRE_BYTES goes without its BlockNote document. */
export function wireForm(event: AppEvent): WireEvent {
  return sizedWireForm(event).wire;
}

/**
 * `wireForm` and the UTF-8 length of its JSON in bytes, as the server measures it (catalog
 * `utf8Length`), each form serialized once: a long note's save is megabytes of HTML, serialized on
 * the main thread after every save of a synced device.
 */
export function sizedWireForm(event: AppEvent): { wire: WireEvent; bytes: number } {
  const { seq: _seq, sseq: _sseq, ...wire } = event;
  const payload = wire.payload as Record<string, unknown>;
  if (!('blocks' in payload)) return { wire, bytes: utf8Length(JSON.stringify(wire)) };
  const { blocks: _blocks, ...withoutBlocks } = payload;
  const htmlOnly = { wire: { ...wire, payload: withoutBlocks }, bytes: 0 };
  htmlOnly.bytes = utf8Length(JSON.stringify(htmlOnly.wire));
  // Measured without the document first: a long note's HTML alone is over the limit, and its
  // document (~5 MB of JSON at 5,000 blocks) need not be serialized on the main thread to know it.
  if (htmlOnly.bytes > MAX_DOCUMENT_WIRE_BYTES) return htmlOnly;
  const text = JSON.stringify(wire);
  // UTF-8 never has fewer bytes than UTF-16 code units: a text longer than the limit is over it unmeasured.
  if (text.length > MAX_DOCUMENT_WIRE_BYTES) return htmlOnly;
  const bytes = utf8Length(text);
  return bytes <= MAX_DOCUMENT_WIRE_BYTES ? { wire, bytes } : htmlOnly;
}

/**
 * The next batch from the front of `outbox` (events in local order): at most `most` events and
 * PUSH_BATCH_BYTES of request body with `deviceId`'s envelope (at least one event), and the events
 * before its end that are over the host's per-event limit (to set aside, with the reason).
 */
export function nextBatch(
  outbox: readonly AppEvent[],
  deviceId: string,
  most: number,
): { batch: WireEvent[]; tooBig: { id: string; reason: string }[] } {
  const batch: WireEvent[] = [];
  const tooBig: { id: string; reason: string }[] = [];
  let body = pushBodyBytes(deviceId, 0, 0);
  for (const event of outbox) {
    const { wire, bytes } = sizedWireForm(event);
    if (bytes > MAX_WIRE_EVENT_BYTES) {
      tooBig.push({ id: event.id, reason: `too large to sync: ${bytes} bytes of JSON, over the limit of ${MAX_WIRE_EVENT_BYTES}` });
      continue;
    }
    const next = body + bytes + (batch.length ? 1 : 0);
    if (batch.length && (batch.length >= most || next > PUSH_BATCH_BYTES)) break;
    batch.push(wire);
    body = next;
  }
  return { batch, tooBig };
}
