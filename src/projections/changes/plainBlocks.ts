/**
 * BlockNote blocks as plain JSON, the shape a note's document has in events and in the notes state
 * (docs/architecture.md "Saves as changes"): helpers that need neither BlockNote nor Yjs.
 */

/** A BlockNote block as `editor.document` gives it (only the fields NotePad reads). */
export interface PlainBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  content?: unknown;
  children: PlainBlock[];
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `object` with its keys in sorted order (the same JSON text whatever order they were set in). */
export function sortedKeys<T extends Json>(object: T): T {
  const out: Json = {};
  for (const key of Object.keys(object).sort()) out[key] = object[key];
  return out as T;
}

/** JSON text of `value` with every object's keys sorted and undefined fields left out. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (isObject(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      if (value[key] === undefined) continue;
      parts.push(`${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two JSON values are equal, whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/**
 * `blocks` as full blocks: a stored document may hold BlockNote's shorthand (content as a string,
 * no props, no children) or blocks without ids (made by hand, or by an older import). Missing ids
 * are derived from `revision` and the block's place, so every device reads the same ids.
 */
export function normalBlocks(blocks: readonly unknown[], revision: string, path = ''): PlainBlock[] {
  return blocks.filter(isObject).map((raw, i) => {
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : `${revision}-${path}${i}`;
    const content =
      typeof raw.content === 'string' ? (raw.content === '' ? [] : [{ type: 'text', text: raw.content, styles: {} }]) : raw.content;
    return {
      id,
      type: typeof raw.type === 'string' ? raw.type : 'paragraph',
      props: isObject(raw.props) ? raw.props : {},
      ...(content !== undefined ? { content } : {}),
      children: Array.isArray(raw.children) ? normalBlocks(raw.children, revision, `${path}${i}-`) : [],
    };
  });
}

/** Every block id of `blocks` and their descendants mapped to the id of the top-level block it is under (itself at the top). */
export function topLevelOf(blocks: readonly PlainBlock[]): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (list: readonly PlainBlock[], top: string) => {
    for (const block of list) {
      if (!isObject(block) || typeof block.id !== 'string') continue;
      if (!out.has(block.id)) out.set(block.id, top);
      if (Array.isArray(block.children)) visit(block.children, top);
    }
  };
  for (const block of blocks) if (isObject(block) && typeof block.id === 'string') visit([block], block.id);
  return out;
}

/** Whether two JSON values are equal, whatever the order of their keys (fields holding undefined count as missing). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const x = a as Json;
  const y = b as Json;
  let keys = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    keys++;
    if (!sameValue(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) keys--;
  return keys === 0;
}

/** Put `block` and its descendants in `into`, by id. */
export function addTree(into: Map<string, PlainBlock>, block: PlainBlock): void {
  into.set(block.id, block);
  for (const child of block.children) addTree(into, child);
}
