import * as v from 'valibot';

/**
 * The sidebar's filter (docs/product.md "Notebooks and tags"): a notebook (with its sub-notebooks),
 * tag keys the notes must all carry (each with the tags under it), and starred only. Empty: all notes.
 */
export const NOTE_FILTER_SCHEMA = v.strictObject({
  notebook: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(20)),
  starred: v.boolean(),
});
/** See NOTE_FILTER_SCHEMA. */
export type NoteFilter = v.InferOutput<typeof NOTE_FILTER_SCHEMA>;
/** No filter: every note. */
export const NO_FILTER: NoteFilter = { notebook: null, tags: [], starred: false };
