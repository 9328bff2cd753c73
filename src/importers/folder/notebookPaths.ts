/*
 * Which notebook a note of a folder or zip lies in (docs/product.md "What each format keeps"): its
 * folders, named as the app that wrote them names them. The levels are reported as written; the
 * pipeline finds or makes each one (docs/architecture.md "Import pipeline").
 */
import { dirOf, stemOf } from '../paths';
import type { SourceApp } from '../neutralNotes';
import { hasNotionId, withoutNotionId, type NotebookOf } from './noteContext';

/** Apps whose folders are the export's own layout, not the person's notebooks (Takeout/Keep/, a Simplenote zip). */
const FLAT_APPS: ReadonlySet<SourceApp> = new Set(['keep', 'simplenote']);

/**
 * The folder every path lies in when there is one such folder at the top: the vault's own folder (or
 * "Takeout", or the folder a person zipped). Zipping a folder puts it around everything, and that
 * folder is the library itself, not a notebook in it.
 */
function wrapperFolder(paths: readonly string[]): string | null {
  let wrapper: string | null = null;
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash < 0) return null;
    const top = path.slice(0, slash);
    if (wrapper === null) wrapper = top;
    else if (top !== wrapper) return null;
  }
  return wrapper;
}

/** The folders of `dir` as levels: `.textbundle` folders are a Bear note, not a notebook; Notion's ids dropped. */
function levelsOf(dir: string, app: SourceApp): string[] {
  if (dir === '') return [];
  const levels = dir.split('/').filter((level) => !level.toLowerCase().endsWith('.textbundle'));
  return app === 'notion' ? levels.map(withoutNotionId) : levels;
}

/**
 * How a folder's or zip's notes find their notebook. `paths` are every file of it (notes and others, the
 * apps' own folders left out), `notePaths` the notes. The rules:
 * - the folders from the root down to the note's are its notebook, each level named as the folder;
 * - a zip whose files all lie in one folder (a vault's, as zipping a folder makes it) leaves that folder
 *   out; NotePad's own export is read from the zip's root (its top folders are notebooks);
 * - Keep and Simplenote put no notebook (their folders are Takeout's);
 * - Bear's `.textbundle` folder is the note itself;
 * - Notion: names without the page id, and a page that has sub-pages (a folder of its name holding
 *   notes) is a notebook holding that page and its sub-pages.
 */
export function notebookResolver(app: SourceApp, paths: readonly string[], notePaths: readonly string[]): NotebookOf {
  if (FLAT_APPS.has(app)) return () => [];
  const wrapper = app === 'notepad' ? null : wrapperFolder(paths);
  // Every path lies in the wrapper when there is one.
  const inside = (dir: string) => (wrapper === null ? dir : dir === wrapper ? '' : dir.slice(wrapper.length + 1));
  // Notion: the folders that hold a note somewhere under them (a page's sub-pages, a database's rows).
  const noteFolders = new Set<string>();
  if (app === 'notion') {
    for (const path of notePaths) {
      for (let dir = dirOf(path); dir !== ''; dir = dirOf(dir)) noteFolders.add(dir);
    }
  }
  return (path) => {
    const dir = dirOf(path);
    if (app === 'notion' && hasNotionId(path)) {
      const pageFolder = dir ? `${dir}/${stemOf(path)}` : stemOf(path);
      if (noteFolders.has(pageFolder)) return levelsOf(inside(pageFolder), app);
    }
    return levelsOf(inside(dir), app);
  };
}
