/**
 * What a push sends (docs/architecture.md "Sync", docs/sync.md "Limits"): each event's wire form
 * with the size of its sealed form in the UTF-8 bytes the host counts, and the batches the outbox
 * is cut into.
 */
import { MAX_WIRE_EVENT_BYTES, pushBodyBytes, utf8Length, type AppEvent } from '../../../catalog';
import { sealedEventBytes, splitEvent } from './e2ee/seal';
import { MAX_DOCUMENT_WIRE_BYTES, PUSH_BATCH_BYTES, type WireEvent } from './syncProtocol';

/** The UTF-8 bytes of `wire` once sealed (catalog/wire.ts `SealedEvent`), from the JSON of its sealed part. */
function sealedBytes(wire: WireEvent, inner?: string): number {
  const split = splitEvent(wire);
  return sealedEventBytes(split.envelope, utf8Length(inner ?? split.inner));
}

/**
 * The event as it goes to be sealed (no local position; a body save over MAX_DOCUMENT_WIRE_BYTES goes
 * without its BlockNote document) and the UTF-8 length of its sealed JSON in bytes, as the server measures it (catalog
 * `utf8Length`), computed exactly before anything is encrypted, each form serialized once: a long
 * note's save is megabytes of HTML, serialized on the main thread after every save of a synced device.
 * @internal Test seam: used here; the tests call it directly.
 */
export function sizedWireForm(event: AppEvent): { wire: WireEvent; bytes: number } {
  const { seq: _seq, sseq: _sseq, ...wire } = event;
  const payload = wire.payload as Record<string, unknown>;
  if (!('blocks' in payload)) return { wire, bytes: sealedBytes(wire) };
  const { blocks: _blocks, ...withoutBlocks } = payload;
  const htmlOnlyWire = { ...wire, payload: withoutBlocks };
  const htmlOnlyInner = splitEvent(htmlOnlyWire).inner;
  const htmlOnly = { wire: htmlOnlyWire, bytes: 0 };
  // Measured without the document first: a long note's HTML alone is over the limit, and its
  // document (several times the HTML's size) need not be serialized on the main thread to know it.
  // The document limit is on the clear JSON, as the device writes it.
  const htmlOnlyClear = utf8Length(htmlOnlyInner);
  htmlOnly.bytes = sealedBytes(htmlOnlyWire, htmlOnlyInner);
  if (htmlOnlyClear > MAX_DOCUMENT_WIRE_BYTES) return htmlOnly;
  const inner = splitEvent(wire).inner;
  // UTF-8 never has fewer bytes than UTF-16 code units: a text longer than the limit is over it unmeasured.
  if (inner.length > MAX_DOCUMENT_WIRE_BYTES) return htmlOnly;
  const clear = utf8Length(inner);
  return clear <= MAX_DOCUMENT_WIRE_BYTES ? { wire, bytes: sealedBytes(wire, inner) } : htmlOnly;
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
