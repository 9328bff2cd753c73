/*
 * Which note file of a folder or zip a link names (docs/architecture.md "Links between notes"), as
 * Obsidian finds it: a wiki link by its path when it gives folders (`[[Projects/Plan]]`, the end of a
 * path), else by file name without `.md`, ignoring case; a Markdown link (`[x](../Work/Plan%20B.md)`)
 * by its path from the linking note, else from the root, else by its file name. Where several files
 * match, the one in the linking note's folder wins, then the shortest path. Notion's file names carry a
 * 32-hex id (`Trip 0f1e…9a.md`): `[[Trip]]` finds it too.
 */
import { NOTE_PATH_URL, NOTE_TITLE_URL, type PlannedNoteFile } from '../neutralNotes';
import { baseName, dirOf, resolveRelative, safeDecodeUri, stemOf } from '../paths';
import type { ClassifiedFile } from './classify';
import { fileDates, withoutNotionId, type NoteContext } from './noteContext';

const MARKDOWN = /\.(md|markdown)$/i;

/** A path's folders and name, lower-cased, without `.md`: what wiki links are compared with. */
const linkKey = (path: string) => path.replace(MARKDOWN, '').toLowerCase();

/** Fewer folders first, then fewer characters, then path order. */
function shorter(a: string, b: string): number {
  const depth = a.split('/').length - b.split('/').length;
  if (depth !== 0) return depth;
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The note files of one folder or zip, looked up as links name them.
 * @internal Test seam: exported for the tests only (the readers reach it through their sources).
 */
export class NoteLinkTargets {
  /** Lower-cased file names without `.md` (and without Notion's id) -> the paths that have them. */
  private readonly byName = new Map<string, string[]>();
  private readonly byLowerPath = new Map<string, string>();

  /** `paths`: the Markdown note files, '/'-separated from the root. */
  constructor(paths: readonly string[]) {
    for (const path of paths) {
      this.byLowerPath.set(path.toLowerCase(), path);
      const stem = stemOf(path).toLowerCase();
      for (const name of new Set([stem, withoutNotionId(stem)])) {
        const list = this.byName.get(name);
        if (list) list.push(path);
        else this.byName.set(name, [path]);
      }
    }
  }

  /** The best of `candidates` for a link from `from`: one in the same folder, else the shortest path. */
  private best(candidates: readonly string[], from: string): string | null {
    if (candidates.length === 0) return null;
    const here = dirOf(from);
    const near = candidates.filter((path) => dirOf(path) === here);
    return [...(near.length ? near : candidates)].sort(shorter)[0];
  }

  /** The note file a wiki link's target (`Note`, `folder/Note`, `Note.md`, no `#heading`) names from note `from`, or null. */
  wiki(target: string, from: string): string | null {
    const key = linkKey(target.trim().replace(/^\/+/, ''));
    if (!key) return null;
    if (key.startsWith('./') || key.startsWith('../')) {
      const path = resolveRelative(dirOf(from), key);
      return path === null ? null : this.wiki(path, from);
    }
    const name = baseName(key);
    const named = this.byName.get(name) ?? [];
    if (!key.includes('/')) return this.best(named, from);
    return this.best(
      named.filter((path) => {
        const candidates = [linkKey(path), withoutNotionIds(linkKey(path))];
        return candidates.some((candidate) => candidate === key || candidate.endsWith(`/${key}`));
      }),
      from,
    );
  }

  /** The note file a Markdown link's path (as written: relative, maybe URL-encoded) names from note `from`, or null. */
  file(target: string, from: string): string | null {
    for (const written of new Set([target, safeDecodeUri(target)])) {
      const relative = resolveRelative(dirOf(from), written);
      const found = (relative !== null && this.byLowerPath.get(relative.toLowerCase())) || this.byLowerPath.get(written.toLowerCase());
      if (found) return found;
    }
    const decoded = safeDecodeUri(target);
    return MARKDOWN.test(decoded) ? this.best(this.byName.get(stemOf(decoded).toLowerCase()) ?? [], from) : null;
  }

  /**
   * The URL a link to a note is written with (NOTE_PATH_URL): the note file of the import it names, else
   * NOTE_TITLE_URL with the title it would have (the file name without `.md` and Notion's id).
   * `wiki`: the target of a wiki link (`[[…]]`), else a Markdown link's path.
   */
  url(target: string, from: string, wiki: boolean): string {
    const path = wiki ? this.wiki(target, from) : this.file(target, from);
    if (path !== null) return NOTE_PATH_URL + encodeURIComponent(path);
    const name = wiki ? baseName(target.trim().replace(MARKDOWN, '')) : withoutNotionId(stemOf(safeDecodeUri(target)));
    return NOTE_TITLE_URL + encodeURIComponent(name.trim());
  }
}

/** A path with Notion's ids taken off every folder and file name. */
function withoutNotionIds(path: string): string {
  return path
    .split('/')
    .map((part) => withoutNotionId(part))
    .join('/');
}

/**
 * The Markdown notes of a folder or zip that links may name, planned (their paths and creation times, as
 * the Markdown reader gives them), and the URL maker its reading context gets (NoteContext.noteLinkUrl).
 */
export function linkableNotes(notes: readonly ClassifiedFile[]): { noteFiles: PlannedNoteFile[]; noteLinkUrl: NoteContext['noteLinkUrl'] } {
  const noteFiles = notes
    .filter((note) => note.kind === 'markdown' && !note.problem)
    .map((note) => ({ path: note.file.path, createdAt: note.created ?? fileDates(note.file).createdAt }));
  const targets = new NoteLinkTargets(noteFiles.map((file) => file.path));
  return { noteFiles, noteLinkUrl: (target, from, wiki) => targets.url(target, from, wiki) };
}
