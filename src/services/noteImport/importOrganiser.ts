import {
  normalNotebookName,
  normalTagPath,
  ORGANISATION_DEPTH_MAX,
  ORGANISATION_NAME_MAX,
  sameName,
  tagKey,
  TAG_SEPARATOR,
  type AppEvent,
} from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import type { DroppedItem } from '../../importers/neutralNotes';

/** The most tags one note carries (the `note.imported` schema's limit). */
const NOTE_TAGS_MAX = 200;

// eslint-disable-next-line no-control-regex -- control characters cannot be part of a name
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- the same, to test for (a global pattern's test() keeps its place)
const HAS_CONTROL_CHAR = /[\u0000-\u001f\u007f]/;

/** Where a note of an import goes and what it carries: the notebook (made by `created`, appended before it) and its tags. */
export interface NoteOrganisation {
  notebook?: string;
  /** `notebook.created` events of the notebooks this note is the first to need, top first. */
  created: AppEvent<'notebook.created'>[];
  /** Normal tag paths, one per tag key. */
  tags: string[];
  /** Tags and notebook names that could not come along as written, for the file's summary (each listed once). */
  dropped: DroppedItem[];
}

/** A notebook level as written, cleaned to a name the rules allow, and what was changed in it (null: unchanged). */
function notebookLevel(written: string): { name: string | null; problem: string | null } {
  const clean = written.replace(CONTROL_CHARS, '').trim();
  const cut = clean.slice(0, ORGANISATION_NAME_MAX).trim();
  const name = normalNotebookName(cut);
  if (name === null) return { name: null, problem: 'a folder without a usable name: its notes go to the notebook above' };
  if (clean !== written.trim()) return { name, problem: `its name held control characters: named "${name}"` };
  if (cut !== clean) return { name, problem: `its name is longer than ${ORGANISATION_NAME_MAX} characters: cut` };
  return { name, problem: null };
}

/** Why a tag as written became `normal` (or nothing), or null when it came along as written. */
function tagProblem(written: string, normal: string | null): string | null {
  if (normal === null) return 'not a tag: it holds no name';
  const levels = written.replace(/^#/, '').split(TAG_SEPARATOR);
  if (levels.some((level) => level.replace(CONTROL_CHARS, '').trim().length > ORGANISATION_NAME_MAX))
    return `a level longer than ${ORGANISATION_NAME_MAX} characters: kept as "${normal}"`;
  if (levels.filter((level) => level.trim() !== '').length > ORGANISATION_DEPTH_MAX)
    return `more than ${ORGANISATION_DEPTH_MAX} levels: kept as "${normal}"`;
  if (HAS_CONTROL_CHAR.test(written)) return `it held control characters: kept as "${normal}"`;
  return null;
}

/** How a tag or name is shown in a summary entry: quoted, control characters visible as "?", long ones cut. */
function shown(written: string): string {
  const visible = written.replace(CONTROL_CHARS, '?');
  return `"${visible.length > 60 ? `${visible.slice(0, 60)}…` : visible}"`;
}

/**
 * The notebooks and tags of one import (docs/architecture.md "Import pipeline", docs/product.md "Import
 * notes"): a note's notebook path is found level by level, each level an existing live notebook of that
 * parent and name (ignoring case) or one this import made, else made now (`notebook.created`, with an
 * id of this device, appended in the note's batch before it); its tags are normalised
 * (catalog/organisation.ts), and what cannot come along as written is listed once per import.
 */
export class ImportOrganiser {
  /** Notebook ids by their path of lower-cased names, as found or made in this import. */
  private readonly paths = new Map<string, string>();
  /** The notebook of each path as written (levels joined by NUL) met so far, null for none: most notes share a few. */
  private readonly written = new Map<string, string | null>();
  /** Each tag as written met so far, normalised (null: not a tag). */
  private readonly normal = new Map<string, string | null>();
  private readonly listed = new Set<string>();

  constructor(
    private readonly log: EventLog,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** The notebook and tags of a note whose source gave `notebook` (levels as written) and `tags` (as written). */
  organise(notebook: readonly string[], tags: readonly string[]): NoteOrganisation {
    const dropped: DroppedItem[] = [];
    const created: AppEvent<'notebook.created'>[] = [];
    const id = this.notebookFor(notebook, created, dropped);
    return { ...(id ? { notebook: id } : {}), created, tags: this.normalTags(tags, dropped), dropped };
  }

  private listOnce(key: string, item: DroppedItem, dropped: DroppedItem[]): void {
    if (this.listed.has(key)) return;
    this.listed.add(key);
    dropped.push(item);
  }

  private notebookFor(levels: readonly string[], created: AppEvent<'notebook.created'>[], dropped: DroppedItem[]): string | null {
    const key = levels.join('\u0000');
    const known = this.written.get(key);
    if (known !== undefined) return known;
    const id = this.resolve(levels, created, dropped);
    this.written.set(key, id);
    return id;
  }

  private resolve(levels: readonly string[], created: AppEvent<'notebook.created'>[], dropped: DroppedItem[]): string | null {
    let parent: string | null = null;
    let path = '';
    let depth = 0;
    for (const written of levels) {
      if (depth === ORGANISATION_DEPTH_MAX) break;
      const { name, problem } = notebookLevel(written);
      if (problem) this.listOnce(`notebook\u0000${path}\u0000${written}`, { item: `notebook ${shown(written)}`, reason: problem }, dropped);
      if (name === null) continue;
      path += `/${name.toLowerCase()}`;
      depth += 1;
      let id = this.paths.get(path);
      if (id === undefined) {
        const found = this.liveChild(parent, name);
        id = found ?? this.newId();
        if (found === null) {
          created.push(this.log.create('notebook.created', { notebook: id, name, parent }));
        }
        this.paths.set(path, id);
      }
      parent = id;
    }
    return parent;
  }

  /** The live notebook under `parent` named `name` (ignoring case), if any. */
  private liveChild(parent: string | null, name: string): string | null {
    for (const [id, notebook] of Object.entries(this.log.state.notes.notebooks)) {
      if (notebook.parent === parent && sameName(notebook.name, name)) return id;
    }
    return null;
  }

  private normalTags(tags: readonly string[], dropped: DroppedItem[]): string[] {
    const byKey = new Map<string, string>();
    for (const written of tags) {
      let normal = this.normal.get(written);
      if (normal === undefined) {
        normal = normalTagPath(written);
        this.normal.set(written, normal);
        const problem = tagProblem(written, normal);
        if (problem) this.listOnce(`tag\u0000${written}`, { item: `tag ${shown(written)}`, reason: problem }, dropped);
      }
      if (normal === null || byKey.has(tagKey(normal))) continue;
      if (byKey.size === NOTE_TAGS_MAX) {
        this.listOnce(
          `tag\u0000${written}`,
          { item: `tag ${shown(written)}`, reason: `a note keeps at most ${NOTE_TAGS_MAX} tags` },
          dropped,
        );
        continue;
      }
      byKey.set(tagKey(normal), normal);
    }
    return [...byKey.values()];
  }
}
