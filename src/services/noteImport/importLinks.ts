import type { NotesState } from '../../../catalog';
import { NOTE_PATH_URL, NOTE_TITLE_URL } from '../../importers/neutralNotes';
import { safeDecodeUri } from '../../importers/paths';
import type { ImportPlan } from './readerProtocol';

/** The id of the note a link's URL names (`import-note:` or `import-title:`), or null: the link becomes its text. */
export type NoteLinkTo = (url: string) => string | null;

/** Whether a URL is one a reader wrote for a link to a note (NOTE_PATH_URL, NOTE_TITLE_URL). */
export const isNoteLinkUrl = (url: string) => url.startsWith(NOTE_PATH_URL) || url.startsWith(NOTE_TITLE_URL);

/**
 * The links between the notes of one import (docs/architecture.md "Links between notes"). Every note file
 * a source will yield is given its id before the first note is read (the plan lists them with their
 * creation times), so a link to a note read later names the id that note will have: links resolve as
 * the notes stream, in one pass. A link to no note of the import finds a note already in NotePad by its
 * title (ignoring case; the latest changed of several), else it stays text.
 */
export class ImportNoteLinks {
  /** `scope` + "\n" + path -> the id given to that note file. */
  private readonly ids = new Map<string, string>();
  private readonly used = new Set<string>();
  private titles: Map<string, string> | null = null;

  /**
   * `claim(source, createdAt)`: an id for a note of planned source `source` created at `createdAt`
   * (ms or null), as the appender gives ids. `existing`: the notes before the import.
   */
  constructor(
    private readonly plan: ImportPlan,
    claim: (source: number, createdAt: number | null) => string,
    private readonly existing: NotesState,
  ) {
    plan.sources.forEach((source, index) => {
      for (const file of source.noteFiles ?? []) this.ids.set(this.key(index, file.path), claim(index, file.createdAt));
    });
  }

  /** Loose files chosen together are one folder; each zip is a folder of its own. */
  private key(source: number, path: string): string {
    return `${this.plan.sources[source].sharedFolder ? 'folder' : source}\n${path}`;
  }

  /**
   * The id given ahead to the note at `path` of source `source` (a loose file's note has no path: its
   * source's one note file), once; undefined for a note no link could name.
   */
  claimed(source: number, path: string | undefined): string | undefined {
    const files = this.plan.sources[source].noteFiles ?? [];
    const own = path ?? (files.length === 1 ? files[0].path : undefined);
    const id = own === undefined ? undefined : this.ids.get(this.key(source, own));
    if (id === undefined || this.used.has(id)) return undefined;
    this.used.add(id);
    return id;
  }

  /** The live note titled `title` before the import (ignoring case and spaces around it; the latest changed). */
  private titled(title: string): string | null {
    if (!this.titles) {
      this.titles = new Map();
      const { meta } = this.existing;
      for (const id of Object.keys(meta)) {
        const key = meta[id].title.trim().toLowerCase();
        const known = this.titles.get(key);
        if (!known || meta[known].modified < meta[id].modified) this.titles.set(key, id);
      }
    }
    return this.titles.get(title.trim().toLowerCase()) ?? null;
  }

  /** How the links of a note of source `source` find their notes. */
  linkTo(source: number): NoteLinkTo {
    return (url) => {
      if (url.startsWith(NOTE_PATH_URL)) return this.ids.get(this.key(source, safeDecodeUri(url.slice(NOTE_PATH_URL.length)))) ?? null;
      if (url.startsWith(NOTE_TITLE_URL)) return this.titled(safeDecodeUri(url.slice(NOTE_TITLE_URL.length)));
      return null;
    };
  }
}
