import { stringify } from 'yaml';

/** What an exported note's front matter says (docs/product.md "Export all notes"). */
export interface NoteFrontMatter {
  title: string;
  /** The note's id (its creation time in ms, as a string), so a re-import can recognise the note. */
  id: string;
  /** ISO 8601 UTC creation time, or null when the id is not a time. */
  created: string | null;
  /** ISO 8601 UTC time of the last change. */
  modified: string;
  starred: boolean;
  /** Position in the manual order, from 1. */
  order: number;
  /** Its tags' paths as first written (`project/alpha`); none: no `tags` key. */
  tags?: readonly string[];
  /** Its notebook's names from the top, written only when the folders do not say them exactly. */
  notebook?: readonly string[] | null;
}

/**
 * The creation time of note `id` as ISO 8601 UTC: a note's id is its creation time in ms
 * (docs/product.md "Entities and storage keys"). Null when `id` is not such a time.
 */
export function createdFromId(id: string): string | null {
  const ms = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The YAML front matter block of a note, `---` lines included and a newline after the closing one.
 * Written by the `yaml` library in YAML 1.1 mode: strings a 1.1 reader would take for something
 * else ("yes", "on", an ISO time, digits) are quoted, so YAML 1.1 and 1.2 readers read the same
 * values; no line folding, so a long title stays on one line.
 */
export function frontMatter(meta: NoteFrontMatter): string {
  const fields: Record<string, string | number | boolean | string[]> = { title: meta.title, id: meta.id };
  if (meta.created) fields.created = meta.created;
  fields.modified = meta.modified;
  fields.starred = meta.starred;
  fields.order = meta.order;
  if (meta.tags?.length) fields.tags = [...meta.tags];
  if (meta.notebook?.length) fields.notebook = [...meta.notebook];
  return `---\n${stringify(fields, { version: '1.1', lineWidth: 0 })}---\n`;
}
