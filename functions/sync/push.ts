/**
 * `POST /functions/v1/sync/push` (docs/sync.md "push"): the checks of a batch of events, all made
 * before anything is stored, and the batch's storage in one transaction. Each event is read with
 * the app's own catalog reader; only note events sync, events of a newer schema are kept unchanged.
 */
import { EVENT_SCHEMA_VERSION, readRecord, SYNCED_EVENT_TYPES } from '../../catalog/index.ts';
import { HttpError, requireObject } from '../_shared/http.ts';
import { json, readJson } from './body.ts';
import type { Endpoint } from './context.ts';
import type { SyncLimits } from './limits.ts';
import { requireDeviceId } from './params.ts';
import { requireOwnDevice } from './pull.ts';
import type { IncomingEvent } from './store.ts';

/** One event the server will not store, and why. */
export interface Refusal {
  id: string;
  reason: string;
}

/** A batch refused because some of its events are: 422 with the list; nothing of the batch is stored. */
export class RefusedBatchError extends HttpError {
  constructor(readonly refused: Refusal[]) {
    super(422, `${refused.length} event(s) refused; nothing of this batch was stored`);
    this.name = 'RefusedBatchError';
  }
}

/** A checked push: the device and the events as they will be stored (JSON text without `seq`). */
export interface CheckedPush {
  deviceId: string;
  events: IncomingEvent[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const encoder = new TextEncoder();

/**
 * Why an event of a newer schema fails the envelope checks every version keeps (id of 8-64
 * characters, a string type, a parseable time, an object payload), or null when it passes.
 */
function newerEnvelopeProblem(event: Record<string, unknown>): string | null {
  const { id, type, at, payload } = event;
  if (typeof id !== 'string' || id.length < 8 || id.length > 64) return 'bad id';
  if (typeof type !== 'string' || type.length === 0 || type.length > 100) return 'bad type';
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return 'bad time';
  if (!isObject(payload)) return 'payload is not an object';
  return null;
}

/** Why the server refuses to store `event` (already without `seq`), or null when it syncs. */
export function refusalReason(event: Record<string, unknown>): string | null {
  const outcome = readRecord(event, { requireSeq: false });
  if (outcome.kind === 'malformed') return outcome.reason;
  if (outcome.kind === 'newer') return newerEnvelopeProblem(event);
  const type = outcome.event.type;
  return SYNCED_EVENT_TYPES.has(type) ? null : `${type} events stay on their device (only note events sync)`;
}

/**
 * Checks a parsed push body. Refuses the whole request (HttpError) for a body that is not an
 * object (400), a bad deviceId (400), `events` not a non-empty array (400) or longer than the
 * limit (413), an element that is not an object with a string id (400), an id twice (400), or an
 * event whose JSON is over the per-event limit (413, naming it); then refuses the batch
 * (RefusedBatchError, 422) when any event is malformed, not synced, or of a newer version with a
 * broken envelope.
 * @returns the events as stored: the received JSON value without its `seq` key, re-serialized.
 */
export function checkPush(body: unknown, limits: SyncLimits): CheckedPush {
  const fields = requireObject(body);
  const deviceId = requireDeviceId(fields.deviceId);
  const list = fields.events;
  if (!Array.isArray(list) || list.length === 0) throw new HttpError(400, 'events must be a non-empty array of events');
  if (list.length > limits.maxEventsPerPush) throw new HttpError(413, `Too many events: at most ${limits.maxEventsPerPush} per push`);
  const seen = new Set<string>();
  const events: IncomingEvent[] = [];
  const stripped: Record<string, unknown>[] = [];
  list.forEach((raw, index) => {
    if (!isObject(raw)) throw new HttpError(400, `events[${index}] is not an object`);
    if (typeof raw.id !== 'string') throw new HttpError(400, `events[${index}] has no string id`);
    if (seen.has(raw.id)) throw new HttpError(400, `Event id ${JSON.stringify(raw.id.slice(0, 64))} appears twice in this batch`);
    seen.add(raw.id);
    const { seq: _seq, ...event } = raw;
    let text: string;
    try {
      text = JSON.stringify(event);
    } catch {
      // Nesting deep enough to exhaust the stack while serializing.
      throw new HttpError(400, `Event ${JSON.stringify(raw.id.slice(0, 64))} is nested too deeply`);
    }
    const bytes = encoder.encode(text).byteLength;
    if (bytes > limits.maxEventBytes) {
      throw new HttpError(413, `Event ${JSON.stringify(raw.id.slice(0, 64))} is larger than ${limits.maxEventBytes} bytes`);
    }
    events.push({ id: raw.id, body: text, bytes });
    stripped.push(event);
  });
  const refused: Refusal[] = [];
  stripped.forEach((event, index) => {
    const reason = refusalReason(event);
    if (reason !== null) refused.push({ id: events[index].id, reason });
  });
  if (refused.length) throw new RefusedBatchError(refused);
  return { deviceId, events };
}

/** The schema version this server validates against (events above it are stored unread). */
export const SERVER_SCHEMA_VERSION = EVENT_SCHEMA_VERSION;

/** `{deviceId, events}` -> `{accepted, duplicates, head}` (see checkPush for the refusals). */
export const push: Endpoint = async (call) => {
  const checked = checkPush(await readJson(call.req, call.limits.maxPushBytes), call.limits);
  await requireOwnDevice(call, checked.deviceId);
  const result = await call.store.push(call.identity.userId, checked.deviceId, checked.events, call.now());
  return json(200, result, call.headers, call.gzip);
};
