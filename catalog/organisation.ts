/**
 * The naming rules of notebooks and tags (docs/product.md "Notebooks and tags"), shared by the event
 * catalog (what an event may carry), the fold and the screens that ask for a name.
 */

/** The longest name of a notebook or of one level of a tag, in characters (UTF-16 code units). */
export const ORGANISATION_NAME_MAX = 100;
/** The deepest a tag path or the notebook tree nests: a path of more levels is cut there. */
export const ORGANISATION_DEPTH_MAX = 10;
/** The separator of tag path levels (`project/alpha` sits under `project`). */
export const TAG_SEPARATOR = '/';

/**
 * Why `name` (already trimmed) cannot name a notebook or a tag level, or null when it can: empty,
 * too long, or holding a control character. A tag level may not hold the separator.
 */
export function nameError(name: string, kind: 'notebook' | 'tag'): string | null {
  if (name === '') return 'A name needs at least one character.';
  if (name.length > ORGANISATION_NAME_MAX) return `A name can have at most ${ORGANISATION_NAME_MAX} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'A name cannot hold control characters.';
  if (kind === 'tag' && name.includes(TAG_SEPARATOR)) return `A tag level cannot hold "${TAG_SEPARATOR}".`;
  return null;
}

/**
 * A tag path as written by a person or another app (`#Project / Alpha/`), in the form events carry:
 * levels trimmed, empty levels and a leading `#` dropped, at most ORGANISATION_DEPTH_MAX levels, each
 * cut to ORGANISATION_NAME_MAX characters and stripped of control characters. Null when nothing is left.
 */
export function normalTagPath(written: string): string | null {
  const levels = written
    .replace(/^#/, '')
    // eslint-disable-next-line no-control-regex -- control characters cannot be part of a name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(TAG_SEPARATOR)
    .map((level) => level.trim().slice(0, ORGANISATION_NAME_MAX).trim())
    .filter((level) => level !== '')
    .slice(0, ORGANISATION_DEPTH_MAX);
  return levels.length === 0 ? null : levels.join(TAG_SEPARATOR);
}

/** Whether `path` is already in the form normalTagPath gives. */
export function isNormalTagPath(path: string): boolean {
  return normalTagPath(path) === path;
}

/** The key a tag is known by: its normal path lower-cased, so `Travel` and `travel` are one tag. */
export function tagKey(path: string): string {
  return path.toLowerCase();
}

/** The keys of `key` and every tag above it, top first (`a/b/c` -> `a`, `a/b`, `a/b/c`). */
export function tagKeyAncestry(key: string): string[] {
  const levels = key.split(TAG_SEPARATOR);
  return levels.map((_, i) => levels.slice(0, i + 1).join(TAG_SEPARATOR));
}

/** Whether tag key `key` is `ancestor` or sits under it. */
export function isTagWithin(key: string, ancestor: string): boolean {
  return key === ancestor || key.startsWith(ancestor + TAG_SEPARATOR);
}

/** A notebook's name in the form events carry: trimmed, or null when it breaks the rules (nameError). */
export function normalNotebookName(written: string): string | null {
  const name = written.trim();
  return nameError(name, 'notebook') === null ? name : null;
}

/** Names compared as the uniqueness rule compares them: ignoring case. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
