/**
 * Runtime validation of events against the catalog (docs/architecture.md "The event envelope"). An event that
 * fails is never appended; a stored record that fails is quarantined (see read.ts).
 */
import * as v from 'valibot';
import { DEVICE_ID_PATTERN, EVENT_SCHEMA_VERSION, type EventEnvelope } from './envelope';
import { EVENT_CATALOG, type EventPayloads, type EventType } from './events';
import { isRecord } from './guards';

/** One member of the catalog union, e.g. `AppEvent<'note.created'>`. */
export type AppEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<K, EventPayloads[K]> }[T];

/**
 * Thrown when an event does not match the catalog.
 * @public `assertValidEvent` throws it: a caller may tell a bad event apart by class.
 */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * True when `type` names an event of the catalog.
 * @internal Test seam: used here; the tests call it directly.
 */
export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(EVENT_CATALOG, type);
}

/** The first problem valibot found in a payload, in the catalog's words: a bad or an unknown field. */
function describePayloadIssue(type: EventType, issue: v.BaseIssue<unknown>): string {
  const field = issue.path?.[0]?.key;
  if (issue.type === 'strict_object' && issue.expected === 'never') return `${type}: unknown field ${String(field)}`;
  return `${type}: bad field ${String(field)}`;
}

/**
 * Why `raw` is not a valid current-version event, or `null` when it is. With `requireSeq: false`
 * (events not yet appended: the log assigns `seq`), a missing `seq` is accepted.
 */
export function explainInvalid(raw: unknown, requireSeq = true): string | null {
  if (!isRecord(raw)) return 'event is not an object';
  const { v: version, seq, id, at, type, payload, device, sseq } = raw as Partial<EventEnvelope>;
  if (version !== EVENT_SCHEMA_VERSION) return `unsupported schema version ${JSON.stringify(version)}`;
  const seqOk = requireSeq ? Number.isSafeInteger(seq) && (seq as number) > 0 : seq === undefined || Number.isSafeInteger(seq);
  if (!seqOk) return `bad seq ${JSON.stringify(seq)}`;
  if (typeof id !== 'string' || id.length < 8 || id.length > 64) return 'bad id';
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return 'bad time';
  if (device !== undefined && (typeof device !== 'string' || !DEVICE_ID_PATTERN.test(device))) return 'bad device';
  if (sseq !== undefined && !(Number.isSafeInteger(sseq) && sseq > 0)) return `bad sseq ${JSON.stringify(sseq)}`;
  if (!isEventType(type)) return `unknown event type ${JSON.stringify(type)}`;
  if (!isRecord(payload)) return `${type}: payload is not an object`;
  const result = v.safeParse(EVENT_CATALOG[type].payload, payload, { abortEarly: true });
  return result.success ? null : describePayloadIssue(type, result.issues[0]);
}

/**
 * Narrow `raw` to a catalog event (with `seq` unless `requireSeq` is false).
 * @throws InvalidEventError saying what is wrong.
 */
export function assertValidEvent(raw: unknown, requireSeq = true): asserts raw is AppEvent {
  const problem = explainInvalid(raw, requireSeq);
  if (problem) throw new InvalidEventError(problem);
}
