/**
 * How events are kept in IndexedDB (an adapter detail, invisible above LogStorage): a payload's
 * BlockNote document (`payload.blocks`, thousands of small objects in a long note) is stored as
 * one JSON string beside the payload, `blocksJson`.
 *
 * Why: IndexedDB serializes a value synchronously in `add()` and, because the events store has an
 * in-line key and indexes, deserializes a copy to read the keys. For a long note, walking
 * thousands of block objects makes that the longest task of an autosave; one string is copied,
 * not walked (docs/benchmarks.md). The JSON of each block is cached by block object, and editor saves share
 * unchanged block objects, so a save stringifies only the blocks it changed.
 *
 * Compatibility: records of older builds (payload.blocks an array) read unchanged. A tab still
 * running older code reads a new record as a valid body save without its document (it ignores the
 * extra envelope field) and reopens that note from its HTML. A `blocksJson` that is not JSON for
 * an array makes the record fail validation, so it is quarantined, never silently dropped.
 */
import { isRecord } from '../../catalog';

const blockJson = new WeakMap<object, string>();

function jsonOf(block: unknown): string {
  if (typeof block !== 'object' || block === null) return JSON.stringify(block);
  let json = blockJson.get(block);
  if (json === undefined) {
    json = JSON.stringify(block);
    blockJson.set(block, json);
  }
  return json;
}

/**
 * Compute and keep the stored JSON of one block ahead of a save: the editor primes the blocks of
 * a note just opened in idle time, so its first save joins cached strings instead of stringifying
 * thousands of blocks in the write's task.
 */
export function primeStoredJson(block: object): void {
  jsonOf(block);
}

type Rec = Record<string, unknown>;

/** The stored JSON of a BlockNote document: the blocks' cached JSON joined (the same text as JSON.stringify(blocks)). */
export function storedBlocksJson(blocks: readonly unknown[]): string {
  return `[${blocks.map(jsonOf).join(',')}]`;
}

/**
 * The form of `event` to put in IndexedDB: with `payload.blocks` (an array) moved to a JSON
 * string `blocksJson`; other events unchanged. Never mutates `event`.
 */
export function toStoredForm<E extends object>(event: E): E {
  const payload = (event as Rec).payload;
  if (!isRecord(payload) || !Array.isArray(payload.blocks)) return event;
  const { blocks, ...rest } = payload;
  return { ...event, payload: rest, blocksJson: storedBlocksJson(blocks as unknown[]) };
}

/**
 * A stored record as the log reads it: `blocksJson` parsed back into `payload.blocks`. Records
 * without it come back as they are. An unreadable `blocksJson` becomes an invalid `blocks` value,
 * so validation quarantines the record.
 */
export function fromStoredForm(raw: unknown): unknown {
  if (!isRecord(raw) || typeof raw.blocksJson !== 'string') return raw;
  const { blocksJson, ...event } = raw;
  let blocks: unknown;
  try {
    blocks = JSON.parse(blocksJson);
  } catch {
    blocks = null;
  }
  const payload = isRecord(event.payload) ? event.payload : {};
  if (Array.isArray(blocks)) return { ...event, payload: { ...payload, blocks } };
  // Keep the string, so the quarantined record holds everything that was stored.
  return { ...raw, payload: { ...payload, blocks: 'unreadable stored blocks' } };
}

/**
 * A stored record without its BlockNote document, not parsed (for readers that use the HTML only,
 * like the replay view): `blocksJson` and `payload.blocks` left out, so a body event reads as an
 * HTML-only one. Records without a document come back as they are, and so does a change
 * (`note.changed`), whose blocks are the change itself (docs/architecture.md "Saves as changes").
 */
export function withoutDocument(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  if (raw.type === 'note.changed') return fromStoredForm(raw);
  const payload = raw.payload;
  const hasBlocks = isRecord(payload) && 'blocks' in payload;
  if (typeof raw.blocksJson !== 'string' && !hasBlocks) return raw;
  const { blocksJson: _json, ...event } = raw;
  if (!hasBlocks) return event;
  const { blocks: _blocks, ...rest } = payload;
  return { ...event, payload: rest };
}
