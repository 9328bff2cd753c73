/*
 * Paths inside a zip or a set of chosen files: always '/'-separated, relative to the export's root, with
 * no '.' or '..' parts, so lookups compare equal strings.
 */

/** Folders and files that are an app's own and not notes (docs/product.md "What each format keeps"). */
const NOT_NOTES = /(^|\/)(\.[^/]*|__MACOSX)(\/|$)/;

/** `path` with '\\' as '/', without '.' parts and with '..' applied; null when it climbs out of the root. */
export function normalizePath(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The folder of a path ('' at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last part of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The last part of a path without its extension ("Trip.md" gives "Trip"). */
export function stemOf(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** `target` read from the folder `fromDir`, normalized; null when it leaves the root. */
export function resolveRelative(fromDir: string, target: string): string | null {
  return normalizePath(fromDir ? `${fromDir}/${target}` : target);
}

/** `text` with %XX escapes decoded; unchanged when they are not valid. */
export function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a path lies in an app's own folder or is a dotfile (`.obsidian/`, `.trash/`, `__MACOSX/`, `.DS_Store`). */
export function isAppPrivate(path: string): boolean {
  return NOT_NOTES.test(path);
}
