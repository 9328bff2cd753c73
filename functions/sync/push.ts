/**
 * `POST /functions/v1/sync/push` (docs/sync.md "push"): the checks of a batch of events and the
 * storage of the ones that pass, in one transaction. The request is refused as a whole only when it
 * is not a batch at all (bad body, device, list or ids, too many events, too large a body); each
 * event is then decided on its own (docs/sync.md "Limits"): one the server will not store is
 * refused in the answer and the others are stored.
 */
import { EVENT_SCHEMA_VERSION, newerVersionOf, sealedEnvelopeError, utf8Length, type PushAnswer } from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { requireObject } from '../_shared/requestBody.ts';
import { json, readJson } from './body.ts';
import type { Endpoint } from './context.ts';
import type { SyncLimits } from './syncLimits.ts';
import { requireDeviceId } from './params.ts';
import { requireOwnDevice } from './pull.ts';
import type { IncomingEvent } from './store.ts';
import { isRecord } from '../../catalog/index.ts';

/** One event the server will not store, and why. */
interface Refusal {
  id: string;
  reason: string;
}

/**
 * A checked push: the device, the events to store (JSON text without `seq`) and the events refused.
 * @internal Test seam: used here; the tests type their cases with it.
 */
export interface CheckedPush {
  deviceId: string;
  events: IncomingEvent[];
  refused: Refusal[];
}

/**
 * Why the server refuses to store `event` (already without `seq`), or null when it syncs. Only
 * the envelope is read: the rest is sealed on the device (docs/sync.md "What the host can see").
 * The schema version comes first: an event of a newer NotePad than this server's build (which
 * serves the app, so no device runs a newer one) is refused, so no device ever pulls an event it
 * cannot read. An event that is not sealed (a plain `type` or `payload`) is refused, so no note's
 * words are ever stored in clear.
 */
function refusalReason(event: Record<string, unknown>): string | null {
  const newer = newerVersionOf(event);
  if (newer !== null) return `schema version ${newer} is newer than this server's (${EVENT_SCHEMA_VERSION})`;
  return sealedEnvelopeError(event);
}

/** The event's JSON text as stored, or null when it is nested too deeply to serialize. */
function serialize(event: Record<string, unknown>): string | null {
  try {
    return JSON.stringify(event);
  } catch {
    return null;
  }
}

/**
 * Checks a parsed push body. Refuses the whole request (HttpError) for a body that is not an
 * object (400), a bad deviceId (400), `events` not a non-empty array (400) or longer than the
 * limit (413), an element that is not an object with a string id (400), or an id twice (400).
 * Each other event is then stored or refused on its own: refused when its JSON (without `seq`) is
 * over the per-event limit in UTF-8 bytes, when it is nested too deeply to serialize, or for
 * `refusalReason`.
 * @returns the events to store (the received JSON value without its `seq` key, re-serialized, with
 *   its UTF-8 length) and the refusals, each in the batch's order.
 * @internal Test seam: used here; the tests call it directly.
 */
export function checkPush(body: unknown, limits: SyncLimits): CheckedPush {
  const fields = requireObject(body);
  const deviceId = requireDeviceId(fields.deviceId);
  const list = fields.events;
  if (!Array.isArray(list) || list.length === 0) throw new HttpError(400, 'events must be a non-empty array of events');
  if (list.length > limits.maxEventsPerPush) throw new HttpError(413, `Too many events: at most ${limits.maxEventsPerPush} per push`);
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    if (!isRecord(raw)) throw new HttpError(400, `events[${index}] is not an object`);
    if (typeof raw.id !== 'string') throw new HttpError(400, `events[${index}] has no string id`);
    if (seen.has(raw.id)) throw new HttpError(400, `Event id ${JSON.stringify(raw.id.slice(0, 64))} appears twice in this batch`);
    seen.add(raw.id);
  });
  const checked: CheckedPush = { deviceId, events: [], refused: [] };
  for (const raw of list as (Record<string, unknown> & { id: string })[]) {
    const { seq: _seq, ...event } = raw;
    const text = serialize(event);
    const bytes = text === null ? 0 : utf8Length(text);
    const reason =
      text === null
        ? 'nested too deeply to serialize'
        : bytes > limits.maxEventBytes
          ? `too large to sync: ${bytes} bytes of JSON, over the limit of ${limits.maxEventBytes}`
          : refusalReason(event);
    if (reason === null) checked.events.push({ id: raw.id, body: text!, bytes });
    else checked.refused.push({ id: raw.id, reason });
  }
  return checked;
}

/**
 * `{deviceId, events}` -> 200 `{accepted, duplicates, refused, head}`: the events stored now, the
 * ones the account already had (with their first serverSeq: a retry stores nothing twice), and the
 * ones refused with the reason (see checkPush, also for the refusals of the whole request).
 */
export const push: Endpoint = async (call) => {
  const checked = checkPush(await readJson(call.req, call.limits.maxPushBytes), call.limits);
  await requireOwnDevice(call, checked.deviceId);
  const userId = call.identity.userId;
  const stored = checked.events.length
    ? await call.store.push(userId, checked.deviceId, checked.events, call.now())
    : { accepted: [], duplicates: [], head: await call.store.head(userId) };
  return json(
    200,
    { accepted: stored.accepted, duplicates: stored.duplicates, refused: checked.refused, head: stored.head } satisfies PushAnswer,
    call.headers,
    call.gzip,
  );
};
