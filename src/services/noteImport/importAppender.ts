import { IMPORT_RECORDS_KEY, type AppEvent } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import type { ImportedFileSummary } from '../../projections/imports';
import { BATCH_MAX_CHARS, BATCH_MAX_MS, BATCH_MAX_NOTES, BatchWriter } from './batchWriter';
import type { ConvertedNote } from './convertNote';
import { ImportNoteLinks } from './importLinks';
import { ImportOrganiser } from './importOrganiser';
import { NoteIdAllocator, usableTime } from './noteIds';
import type { ImportPlan, PreparedNote } from './readerProtocol';

/** Each file's lists of skipped and dropped items keep this many entries; the rest are counted (docs/product.md "Import notes"). */
const IMPORT_LIST_LIMIT = 1000;

/** An entry of a file's skipped or dropped list. */
type Listed = { note?: string; item: string; reason: string };

/**
 * The appending side of one import (docs/architecture.md "Import pipeline"): gives each converted note
 * its id and times, collects notes into batches written with their `import.notes-added` record in one
 * transaction, and keeps each chosen file's summary for `import.finished`.
 */
export class ImportAppender {
  /** Each planned source's summary, then each file that failed planning. */
  readonly files: ImportedFileSummary[];
  private readonly ids: NoteIdAllocator;
  private readonly writer: BatchWriter;
  private readonly fileTimes: Map<string, number | null>;
  private batch: AppEvent[] = [];
  private added: [id: string, modified: string, event: string][] = [];
  /** The notebooks this batch makes (their `notebook.created` events are in it). */
  private notebooks: string[] = [];
  private readonly organiser: ImportOrganiser;
  /** The links between this import's notes: ids given ahead to the note files links may name. */
  readonly links: ImportNoteLinks;
  private chars = 0;
  private batchStarted: number;

  constructor(
    private readonly log: EventLog,
    private readonly plan: ImportPlan,
    chosen: readonly { name: string; lastModified?: number }[],
    private readonly importId: string,
    /** The import's time (ms): the creation time of notes whose source and file have none. */
    private readonly startedAt: number,
    private readonly now: () => number,
  ) {
    this.files = [
      ...plan.sources.map(({ file, app }) => ({ file, app, imported: 0, skipped: [], dropped: [] })),
      ...plan.failures.map(({ file, reason }) => ({ file, app: 'files', imported: 0, skipped: [], dropped: [], failed: reason })),
    ];
    this.ids = new NoteIdAllocator((id) => Boolean(log.state.notes.meta[id] || log.state.notes.deleted[id]));
    this.writer = new BatchWriter(log);
    this.organiser = new ImportOrganiser(log);
    this.fileTimes = new Map(chosen.map((f) => [f.name, usableTime(f.lastModified)]));
    this.links = new ImportNoteLinks(
      plan,
      (source, createdAt) => this.ids.next(this.createdOf(plan.sources[source].file, createdAt)),
      log.state.notes,
    );
    this.batchStarted = now();
  }

  /** A note's creation time (ms): its own, else its chosen file's, else the import's. */
  private createdOf(file: string, createdAt: number | null): number {
    return usableTime(createdAt) ?? this.fileTimes.get(file) ?? this.startedAt;
  }

  /** Notes in this import so far. */
  get imported(): number {
    return this.files.reduce((sum, file) => sum + file.imported, 0);
  }

  /** Add `entry` to source `source`'s `list`: the first IMPORT_LIST_LIMIT entries are kept, the rest counted. */
  list(source: number, list: 'skipped' | 'dropped', entry: Listed): void {
    const file = this.files[source];
    if (file[list].length < IMPORT_LIST_LIMIT) file[list].push(entry);
    else file.unlisted = (file.unlisted ?? 0) + 1;
  }

  /** Source `source` stopped being read with `reason` (after the notes it gave). */
  sourceFailed(source: number, reason: string): void {
    const file = this.files[source];
    file.failed = file.imported ? `reading stopped after ${file.imported} notes: ${reason}` : reason;
  }

  /**
   * A converted note of source `source` joins the batch: its id is the one given ahead to its note file
   * (importLinks.ts), else its creation time (or its file's, or the import's) moved on while taken;
   * `modified` is its source's last edit (or its creation time).
   * Its notebook is found or made before it, in its batch, and its tags normalised (importOrganiser.ts).
   * The batch is written once it is full.
   */
  async add(source: number, note: PreparedNote, converted: ConvertedNote): Promise<void> {
    const created = this.createdOf(note.source.file, converted.createdAt);
    const modified = new Date(usableTime(converted.modifiedAt) ?? created).toISOString();
    const id = this.links.claimed(source, note.source.path) ?? this.ids.next(created);
    const organised = this.organiser.organise(note.notebook, note.tags);
    for (const made of organised.created) {
      this.batch.push(made);
      this.notebooks.push(made.payload.notebook);
    }
    const event = this.log.create('note.imported', {
      id,
      title: converted.title,
      modified,
      html: converted.html,
      starred: converted.starred,
      source: note.source.app,
      file: note.source.file,
      importId: this.importId,
      blocks: converted.blocks,
      ...(organised.notebook ? { notebook: organised.notebook } : {}),
      ...(organised.tags.length ? { tags: organised.tags } : {}),
    });
    this.batch.push(event);
    this.added.push([id, modified, event.id]);
    // A rough size: the HTML and a document of about the same length.
    this.chars += converted.html.length * 2;
    this.files[source].imported += 1;
    for (const item of [...converted.dropped, ...organised.dropped]) this.list(source, 'dropped', { note: converted.title, ...item });
    if (this.added.length >= BATCH_MAX_NOTES || this.chars >= BATCH_MAX_CHARS || this.now() - this.batchStarted >= BATCH_MAX_MS)
      await this.flush();
  }

  /** Write the batch so far with its record (after the previous batch is durable). */
  private async flush(): Promise<void> {
    this.batchStarted = this.now();
    if (this.batch.length === 0) return;
    const record = this.log.create('import.notes-added', {
      id: IMPORT_RECORDS_KEY,
      importId: this.importId,
      notes: this.added.map(([id]) => id),
      modified: this.added.map(([, modified]) => modified),
      events: this.added.map(([, , eventId]) => eventId),
      ...(this.notebooks.length ? { notebooks: this.notebooks } : {}),
    });
    const [events, notes] = [[...this.batch, record], this.added.length];
    [this.batch, this.added, this.notebooks, this.chars] = [[], [], [], 0];
    await this.writer.write(events, notes);
  }

  /** The planned sources' notebooks that no note brought (empty folders), made in the last batch. */
  private addEmptyNotebooks(): void {
    this.plan.sources.forEach((source, index) => {
      for (const levels of source.notebooks ?? []) {
        const organised = this.organiser.organise(levels, []);
        for (const made of organised.created) {
          this.batch.push(made);
          this.notebooks.push(made.payload.notebook);
        }
        for (const item of organised.dropped) this.list(index, 'dropped', item);
      }
    });
  }

  /**
   * Write the last batch and, when any note is in, the summary (`import.finished`); resolves once all
   * is durable. Returns the files' summaries, planned sources first.
   */
  async finish(cancelled: boolean): Promise<ImportedFileSummary[]> {
    if (this.imported > 0 && !cancelled) this.addEmptyNotebooks();
    await this.flush();
    if (this.imported > 0) {
      await this.writer.write(
        [this.log.create('import.finished', { id: IMPORT_RECORDS_KEY, importId: this.importId, files: this.files, cancelled })],
        0,
      );
    }
    await this.writer.settle();
    return this.files;
  }
}
