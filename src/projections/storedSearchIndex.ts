/**
 * The version of the stored search index's form and of the text it was read from (the note text
 * pipeline, tokenization): a stored index of another version is ignored and built again.
 */
export const STORED_SEARCH_INDEX_FORMAT = 2;

/**
 * A search index as the browser keeps it between pages (docs/architecture.md "Search index"): the
 * notes it holds (`ids`, each with the revision of its body it read: NotesState.revs), the distinct
 * tokens (joined by newlines: a token never holds whitespace), and the postings in compressed
 * sparse rows: the ordinals (into `ids`) of the notes holding token `t` are
 * `ords[offsets[t]..offsets[t + 1])`. Strings and typed arrays only, so the browser copies it
 * into and out of IndexedDB without walking millions of values.
 */
export interface StoredSearchIndex {
  format: number;
  ids: string[];
  revs: string[];
  tokens: string;
  offsets: Uint32Array;
  ords: Uint32Array;
}
