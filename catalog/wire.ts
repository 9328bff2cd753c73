/**
 * How big a sync event is on the wire, and the limits it is held to (docs/sync.md "Limits"): one
 * measure, the UTF-8 bytes of the event's JSON text, used by the app (which cuts its pushes by it
 * and sets aside what is over) and by the sync server (which enforces it), so both agree to the
 * byte. Web-standard APIs only: it runs in the browser, on Node and on Deno.
 */

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
