import { EVENT_SCHEMA_VERSION, type EventEnvelope } from './envelope';
import {
  AI_PANEL_NAMES,
  EXPORT_FORMATS,
  RECAP_FORMATS,
  RECORDING_STOP_REASONS,
  SIDEBAR_MODES,
  SORT_MODES,
  THEME_PREFERENCES,
  type AppEvent,
  type EventPayloads,
  type EventType,
} from './catalog';

/** A field rule: a primitive kind, a list of allowed values, or one of those marked optional/nullable. */
type FieldRule =
  'string' | 'note-id' | 'iso-time' | 'boolean' | 'array' | 'string?' | 'array?' | 'note-id|null' | 'count' | readonly string[];

/** Payload shape of each event type; the single runtime source of truth for the catalog. */
const PAYLOAD_RULES: { [K in EventType]: Record<keyof EventPayloads[K], FieldRule> } = {
  'note.created': { id: 'note-id', title: 'string' },
  'note.imported': { id: 'note-id', title: 'string', modified: 'iso-time', html: 'string', starred: 'boolean', source: 'string' },
  'note.renamed': { id: 'note-id', title: 'string' },
  'note.body-saved': { id: 'note-id', html: 'string', blocks: 'array?' },
  'note.deleted': { id: 'note-id' },
  'note.moved': { id: 'note-id', direction: ['up', 'down'] },
  'note.starred': { id: 'note-id' },
  'note.unstarred': { id: 'note-id' },
  'note.selected': { id: 'note-id|null' },
  'ui.sort-changed': { sort: SORT_MODES },
  'ui.search-changed': { query: 'string' },
  'ui.sidebar-toggled': { mode: SIDEBAR_MODES },
  'ui.analytics-toggled': { open: 'boolean' },
  'ui.theme-changed': { theme: THEME_PREFERENCES },
  'editor.command': { id: 'note-id', command: 'string', detail: 'string?' },
  'note.exported': { id: 'note-id', format: EXPORT_FORMATS },
  'note.copied': { id: 'note-id' },
  'note.downloaded': { id: 'note-id' },
  'note.emailed': { id: 'note-id' },
  'note.calendar-opened': { id: 'note-id' },
  'task.created': { id: 'note-id', task: 'string' },
  'recording.started': { id: 'note-id' },
  'recording.stopped': { id: 'note-id', reason: RECORDING_STOP_REASONS },
  'summary.requested': { id: 'note-id', format: RECAP_FORMATS, scope: ['selection', 'note'] },
  'summary.received': { id: 'note-id', format: RECAP_FORMATS, summary: 'string' },
  'summary.failed': { id: 'note-id', format: RECAP_FORMATS, error: 'string' },
  'recap.format-changed': { id: 'note-id', format: RECAP_FORMATS },
  'recap.inserted': { id: 'note-id' },
  'resources.requested': { id: 'note-id' },
  'resources.received': { id: 'note-id', count: 'count' },
  'resources.failed': { id: 'note-id', error: 'string' },
  'ai.panel-closed': { id: 'note-id', panel: AI_PANEL_NAMES },
  'note.revision-restored': { id: 'note-id', fromSeq: 'count', html: 'string', blocks: 'array?', title: 'string?' },
  'log.imported': { events: 'count', notes: 'count', mode: ['replace', 'merge'] },
};

/** Thrown (or returned) when an event does not match the catalog. */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

const NOTE_ID = /^\d{1,16}$/;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function checkField(rule: FieldRule, value: unknown): boolean {
  if (Array.isArray(rule)) return typeof value === 'string' && rule.includes(value);
  switch (rule) {
    case 'string':
      return typeof value === 'string';
    case 'string?':
      return value === undefined || typeof value === 'string';
    case 'note-id':
      return typeof value === 'string' && NOTE_ID.test(value);
    case 'note-id|null':
      return value === null || (typeof value === 'string' && NOTE_ID.test(value));
    case 'iso-time':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'array?':
      return value === undefined || Array.isArray(value);
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0;
  }
  return false;
}

/** True when `type` names an event of the catalog. */
export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(PAYLOAD_RULES, type);
}

/**
 * Why `raw` is not a valid current-version event, or `null` when it is.
 * `requireSeq` is false for events not yet appended (the log assigns `seq`).
 */
export function explainInvalid(raw: unknown, requireSeq = true): string | null {
  if (!isObject(raw)) return 'event is not an object';
  const { v, seq, id, at, type, payload } = raw as Partial<EventEnvelope>;
  if (v !== EVENT_SCHEMA_VERSION) return `unsupported schema version ${JSON.stringify(v)}`;
  if (requireSeq ? !(Number.isSafeInteger(seq) && (seq as number) > 0) : seq !== undefined && !Number.isSafeInteger(seq))
    return `bad seq ${JSON.stringify(seq)}`;
  if (typeof id !== 'string' || id.length < 8 || id.length > 64) return 'bad id';
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return 'bad time';
  if (!isEventType(type)) return `unknown event type ${JSON.stringify(type)}`;
  if (!isObject(payload)) return `${type}: payload is not an object`;
  const rules = PAYLOAD_RULES[type] as Record<string, FieldRule>;
  for (const [field, rule] of Object.entries(rules)) {
    if (!checkField(rule, payload[field])) return `${type}: bad field ${field}`;
  }
  for (const field of Object.keys(payload)) {
    if (!(field in rules)) return `${type}: unknown field ${field}`;
  }
  return null;
}

/**
 * Narrow `raw` to a catalog event (with `seq` unless `requireSeq` is false).
 * @throws InvalidEventError saying what is wrong.
 */
export function assertValidEvent(raw: unknown, requireSeq = true): asserts raw is AppEvent {
  const problem = explainInvalid(raw, requireSeq);
  if (problem) throw new InvalidEventError(problem);
}
