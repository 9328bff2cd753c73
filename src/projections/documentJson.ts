import type { NoteBody } from './notesState';

/**
 * Documents a fold keeps as the JSON storage holds them (docs/architecture.md "Start-up order"):
 * start-up folds the stored log with every body's BlockNote document left as a string
 * (`NoteBody.blocksJson`, as a snapshot's bodies are), parsed by `bodyBlocks` only for a note
 * something reads the document of. Kept by payload object: events are never mutated.
 */
const documentJson = new WeakMap<object, string>();

/**
 * `event` without its document (`payload.blocks`), which the fold gives its body as `json`
 * instead (the same document as JSON, as storage keeps it). Never mutates `event`.
 */
export function withDocumentJson<E extends { payload: object }>(event: E, json: string): E {
  const { blocks: _blocks, ...payload } = event.payload as { blocks?: unknown };
  documentJson.set(payload, json);
  return { ...event, payload };
}

/**
 * The body an import, a save or a restore makes from its payload: HTML and its document as blocks,
 * or as JSON for a payload read with withDocumentJson, or HTML alone (legacy notes).
 */
export function bodyOf(payload: { html: string; blocks?: unknown[] }): NoteBody {
  if (payload.blocks) return { html: payload.html, blocks: payload.blocks };
  const json = documentJson.get(payload);
  return json !== undefined ? { html: payload.html, blocksJson: json } : { html: payload.html };
}
