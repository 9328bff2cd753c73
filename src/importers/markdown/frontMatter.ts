/*
 * YAML front matter (docs/product.md "What each format keeps"), read with the `yaml` library and never
 * shown as text: title, tags, created, modified, starred. Front matter that is not valid YAML stays in
 * the body, and the problem is listed.
 */
import { parse } from 'yaml';
import { parseLooseDate } from '../dates';

/** What front matter says of a note; each field undefined when it does not say. */
export interface FrontMatter {
  /** The keys it has (NotePad's own export is told by them). */
  keys: string[];
  title?: string;
  tags: string[];
  created?: number;
  modified?: number;
  starred: boolean;
  /** The place in NotePad's manual order (its own export writes `order`, from 1), when given. */
  order?: number;
  /**
   * The notebook's names, top first, when its folders cannot say them (NotePad's own export writes
   * `notebook` where a name is not a file name as it is: docs/product.md "Export all notes").
   */
  notebook?: string[];
}

/** The body without its front matter, what the front matter says, and a problem when it is broken. */
export interface SplitNote {
  body: string;
  front: FrontMatter | null;
  problem: string | null;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const EMPTY_FENCE = /^---[ \t]*\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

const CREATED_KEYS = ['created', 'date created', 'created_at', 'createdAt', 'creation date', 'date'];
const MODIFIED_KEYS = ['modified', 'updated', 'date modified', 'updated_at', 'updatedAt', 'modified_at', 'last modified', 'lastmod'];
const STAR_KEYS = ['starred', 'pinned', 'favorite', 'favourite'];

function firstDate(data: Record<string, unknown>, keys: string[]): number | undefined {
  for (const key of keys) {
    const date = parseLooseDate(data[key]);
    if (date !== null) return date;
  }
  return undefined;
}

/** Tags as a list or as one string ("a, b" or "a b"), without Obsidian's leading '#'. */
export function tagList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\s]+/) : [];
  return items
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim().replace(/^#/, ''))
    .filter(Boolean);
}

/** A `notebook` value: a list of level names (a single name is one level). */
function notebookPath(value: unknown): string[] | undefined {
  const levels = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const names = levels.filter((level): level is string => typeof level === 'string' && level.trim() !== '');
  return names.length && names.length === levels.length ? names : undefined;
}

function readFront(data: Record<string, unknown>): FrontMatter {
  const title = typeof data.title === 'string' || typeof data.title === 'number' ? String(data.title).trim() : undefined;
  return {
    keys: Object.keys(data),
    title: title || undefined,
    tags: [...tagList(data.tags), ...tagList(data.tag)],
    created: firstDate(data, CREATED_KEYS),
    modified: firstDate(data, MODIFIED_KEYS),
    starred: STAR_KEYS.some((key) => data[key] === true || data[key] === 'true'),
    order: typeof data.order === 'number' && Number.isSafeInteger(data.order) ? data.order : undefined,
    notebook: notebookPath(data.notebook),
  };
}

/** Splits a Markdown file's text into front matter and body (text without front matter: all body). */
export function splitFrontMatter(text: string): SplitNote {
  if (EMPTY_FENCE.test(text)) return { body: text.replace(EMPTY_FENCE, ''), front: null, problem: null };
  const match = FENCE.exec(text);
  if (!match) return { body: text, front: null, problem: null };
  let data: unknown;
  try {
    data = parse(match[1]);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : '';
    return { body: text, front: null, problem: `its front matter is not valid YAML (${detail}): kept as text` };
  }
  // A thematic break (---) that opens a note is not front matter when what follows is not a mapping.
  if (data === null || data === undefined) return { body: text.slice(match[0].length), front: null, problem: null };
  if (typeof data !== 'object' || Array.isArray(data)) return { body: text, front: null, problem: null };
  return { body: text.slice(match[0].length), front: readFront(data as Record<string, unknown>), problem: null };
}
