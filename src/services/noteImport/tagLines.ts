import { IMPORT_RECORDS_KEY, normalTagPath, tagKey, type AppEvent } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import { importSummaries } from '../../projections/imports';
import { bodyBlocks, bodyHtml, readBodyBlocks, type NoteBody, type NotesState } from '../../projections/notesState';
import { sliceYielder } from './slices';

/*
 * The "Tags: a, b" paragraph that imports wrote at the end of a note before notes had tags
 * (docs/product.md "Import notes"): found on the notes of past imports, and turned into the note's tags
 * in one undoable step.
 */

/** What the paragraph starts with: the imports wrote `Tags: ${tags.join(', ')}` as the note's last block. */
const TAG_LINE_PREFIX = 'Tags: ';
const TAG_LINE_SEPARATOR = ', ';

/** A note whose last block is such a paragraph: its id and the tags the paragraph names (normal paths). */
export interface TagLineNote {
  id: string;
  tags: string[];
}

type Block = { type?: unknown; content?: unknown; children?: unknown };

/** The tags a block names when it is the paragraph as the imports wrote it (one unstyled text), else null. */
function tagLineTags(block: unknown): string[] | null {
  const { type, content, children } = (block ?? {}) as Block;
  if (type !== 'paragraph' || !Array.isArray(content) || content.length !== 1) return null;
  if (Array.isArray(children) && children.length > 0) return null;
  const [run] = content as { type?: unknown; text?: unknown; styles?: unknown }[];
  if (run.type !== 'text' || typeof run.text !== 'string' || !run.text.startsWith(TAG_LINE_PREFIX)) return null;
  if (run.styles && typeof run.styles === 'object' && Object.keys(run.styles).length > 0) return null;
  const tags = run.text
    .slice(TAG_LINE_PREFIX.length)
    .split(TAG_LINE_SEPARATOR)
    .map((written) => normalTagPath(written))
    .filter((tag): tag is string => tag !== null);
  return tags.length ? tags : null;
}

/** The note's tags from a last tag paragraph, or null when its body does not end with one. */
function noteTagLine(body: NoteBody | undefined): string[] | null {
  // Every imported note is looked at on each start until the offer is answered: a body whose HTML
  // cannot hold the paragraph is not parsed, and a parse is not kept (docs/architecture.md "Search index").
  if (!bodyHtml(body).includes(TAG_LINE_PREFIX)) return null;
  const blocks = readBodyBlocks(body);
  return blocks?.length ? tagLineTags(blocks[blocks.length - 1]) : null;
}

/**
 * The notes of past imports (not undone) that still end with the tag paragraph their import wrote,
 * oldest import first. A note whose paragraph is no longer its last block (text was written after
 * it), or was restyled, is left as it is: it is the person's text now.
 */
export async function findTagLines(log: EventLog): Promise<TagLineNote[]> {
  const summaries = importSummaries(await log.importRecords()).reverse();
  // Only the notes whose HTML can hold the paragraph are read (docs/architecture.md "Snapshots": documents by note).
  const imported = (notes: NotesState) => {
    const ids: string[] = [];
    const seen = new Set<string>();
    for (const summary of summaries) {
      if (summary.undone) continue;
      for (const [named, , event] of summary.notes) {
        const id = event === undefined ? named : (notes.remaps[event] ?? named);
        if ((event !== undefined && notes.origins[id] !== event) || !notes.meta[id] || seen.has(id)) continue;
        seen.add(id);
        ids.push(id);
      }
    }
    return ids;
  };
  const candidates = (notes: NotesState) => imported(notes).filter((id) => notes.bodies[id]?.html?.includes(TAG_LINE_PREFIX));
  // A body whose HTML is only in its record ("Documents by reference") has its HTML read, a slice at a time, none kept.
  const bodies = log.state.notes.bodies;
  // By body: a conflict copy can share its body object with the note it copied.
  const lacking = new Map<NoteBody, string[]>();
  for (const id of imported(log.state.notes)) {
    const body = bodies[id];
    if (body !== undefined && body.html === undefined) lacking.set(body, [...(lacking.get(body) ?? []), id]);
  }
  const holding: string[] = [];
  await log.eachHtml(lacking.keys(), (body, html) => {
    if (html.includes(TAG_LINE_PREFIX)) holding.push(...lacking.get(body)!);
  });
  await log.readNotes([...candidates(log.state.notes), ...holding]);
  const notes = log.state.notes;
  const found: TagLineNote[] = [];
  for (const id of new Set([...candidates(notes), ...holding.filter((id) => notes.meta[id] !== undefined)])) {
    const tags = noteTagLine(notes.bodies[id]);
    if (tags) found.push({ id, tags });
  }
  return found;
}

/** Whether the offer to turn the paragraphs into tags was answered on this device (it is made once). */
export async function tagLinesAnswered(log: EventLog): Promise<boolean> {
  return (await log.importRecords()).some((record) => record.type === 'import.tag-lines-answered');
}

/** Record that the offer was declined ("Not now"): it is not made again. */
export async function declineTagLines(log: EventLog, offered: number): Promise<void> {
  await log.append('import.tag-lines-answered', { id: IMPORT_RECORDS_KEY, answer: 'declined', notes: offered });
}

/** A conversion done: how many notes changed, and its Undo. */
export interface TagLinesConversion {
  notes: number;
  /** Appends the inverse: the paragraphs back and the tags they gave taken off. Resolves with the notes restored. */
  undo(): Promise<number>;
}

/** What a note was before the conversion, and what the conversion made it. */
interface Converted {
  id: string;
  before: NoteBody;
  /** Tags the paragraph added (the note did not have them). */
  added: string[];
  /** The body save's event: Undo restores only a note still at this revision. */
  saved: string;
}

/**
 * Turn the tag paragraphs into tags (docs/product.md "Import notes"): for each note found, one
 * `note.tagged` per tag it does not have and a body save without the paragraph naming the note's
 * revision as its base, all in one batch (one transaction) with the record that the offer was
 * answered. `toHtml` is the editor's serializer (what a save stores). Undo appends the inverse for the
 * notes not changed since. Work is sliced so the page stays responsive.
 * @throws when the log cannot write.
 */
export async function convertTagLines(log: EventLog, toHtml: (blocks: unknown[]) => string): Promise<TagLinesConversion> {
  const found = await findTagLines(log);
  const notes = log.state.notes;
  const pause = sliceYielder();
  const events: AppEvent[] = [];
  const converted: Converted[] = [];
  for (const { id, tags } of found) {
    await pause();
    const before = notes.bodies[id];
    const blocks = bodyBlocks(before)!.slice(0, -1);
    const had = new Set(notes.tagged[id] ?? []);
    const added = tags.filter((tag) => !had.has(tagKey(tag)));
    for (const tag of added) events.push(log.create('note.tagged', { id, tag }));
    const save = log.create('note.body-saved', { id, html: blocks.length ? toHtml(blocks) : '', blocks, base: notes.revs[id]?.id });
    events.push(save);
    converted.push({ id, before, added, saved: save.id });
  }
  events.push(log.create('import.tag-lines-answered', { id: IMPORT_RECORDS_KEY, answer: 'converted', notes: converted.length }));
  await log.appendBatch(events);
  return { notes: converted.length, undo: () => undoTagLines(log, converted) };
}

/** The inverse of a conversion, for the notes still at the revision it made; one batch. */
async function undoTagLines(log: EventLog, converted: readonly Converted[]): Promise<number> {
  const notes: NotesState = log.state.notes;
  const events: AppEvent[] = [];
  let restored = 0;
  for (const { id, before, added, saved } of converted) {
    if (notes.revs[id]?.id !== saved) continue;
    for (const tag of added) events.push(log.create('note.untagged', { id, tag }));
    events.push(log.create('note.body-saved', { id, html: bodyHtml(before), blocks: bodyBlocks(before), base: saved }));
    restored += 1;
  }
  if (events.length) await log.appendBatch(events);
  return restored;
}
