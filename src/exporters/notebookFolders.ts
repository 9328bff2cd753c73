import type { NotesState } from '../projections/notesState';
import { notebookPath } from '../projections/organisation/notebooks';
import { fileStem, FileNamer } from './fileNames';
import { ASSETS_FOLDER } from './noteAssets';

/*
 * Notebooks as folders in an export of all notes (docs/product.md "Export all notes"): each notebook a
 * folder inside its parent's, named as a note file is (fileStem), unique among the names of the folder
 * it lies in (its notes' files and sub-folders, compared ignoring case as macOS and Windows do).
 */

/** Where a note of a notebook goes: the folder (`Work/Plans`, '' for the root), how deep it is, and the notebook's names when the folders do not say them. */
export interface NotebookFolder {
  dir: string;
  depth: number;
  /** The names from the top notebook down, when a folder's name differs from its notebook's (cleaned, or " (2)"): null when they are the same. */
  names: string[] | null;
}

const ROOT: NotebookFolder = { dir: '', depth: 0, names: null };

/** The folders of one export, given out as notes and notebooks need them, and the namer of each folder. */
export class NotebookFolders {
  private readonly folders = new Map<string, NotebookFolder>();
  private readonly namers = new Map<string, FileNamer>();

  constructor(private readonly notes: NotesState) {
    // The images' folder is the root's own: a top notebook named "assets" gets another folder name.
    this.namer('').takeFolder(ASSETS_FOLDER);
    // Folders are named in the order the notebooks were made, before any note file: the older keeps the plain name.
    for (const id of Object.keys(notes.notebooks)) this.of(id);
  }

  /** The namer of folder `dir`: its note files and its sub-folders take their names from it. */
  namer(dir: string): FileNamer {
    let namer = this.namers.get(dir);
    if (!namer) {
      namer = new FileNamer();
      this.namers.set(dir, namer);
    }
    return namer;
  }

  /** The folder of notebook `id` (live), made with its parents' on first use; the root for none. */
  of(id: string | undefined): NotebookFolder {
    if (id === undefined || !this.notes.notebooks[id]) return ROOT;
    const known = this.folders.get(id);
    if (known) return known;
    const { name, parent } = this.notes.notebooks[id];
    const above = parent === null ? ROOT : this.of(parent);
    const folderName = this.namer(above.dir).takeFolder(fileStem(name));
    const exact = above.names === null && folderName === name;
    const folder: NotebookFolder = {
      dir: above.dir ? `${above.dir}/${folderName}` : folderName,
      depth: above.depth + 1,
      names: exact ? null : notebookPath(this.notes, id),
    };
    this.folders.set(id, folder);
    return folder;
  }

  /** The folders of the notebooks that hold no note, nor any notebook that does (made now, in tree order). */
  emptyFolders(): string[] {
    const holding = new Set<string>();
    for (const id of Object.values(this.notes.filed)) {
      for (let at: string | null = id; at !== null && !holding.has(at); at = this.notes.notebooks[at]?.parent ?? null) holding.add(at);
    }
    const empty: string[] = [];
    const visit = (parent: string | null) => {
      for (const [id, notebook] of Object.entries(this.notes.notebooks)) {
        if (notebook.parent !== parent) continue;
        if (!holding.has(id)) empty.push(this.of(id).dir);
        visit(id);
      }
    };
    visit(null);
    return empty;
  }
}
