/**
 * Folding saves as changes the way devices do, for fold tests (docs/architecture.md "Saves as
 * changes"): a note saved whole to start from, and a device's view after it rebased its own changes
 * on the server's order.
 */
import type { AppEvent } from '../../catalog';
import { LogFold } from '../../src/events/logFold';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldNotes } from '../../src/projections/foldNotes';
import { bodyBlocks, EMPTY_NOTES, INITIAL_STATE, type NotesState } from '../../src/projections/notesState';
import { noteEvent, para, textOf, wholeHtml } from './changesDevice';

/** The note the fold tests edit. */
export const NOTE = '1764230400000';
/** Two devices' ids. */
export const A = 'device-aaaaaaaa';
export const B = 'device-bbbbbbbb';
/** A note of three paragraphs. */
export const THREE = [para('b1', 'First paragraph.'), para('b2', 'Second paragraph.'), para('b3', 'Third paragraph.')];

/** A note made and saved whole with `blocks` on device A: the events, and the revision its body is at. */
export function wholeNote(blocks: PlainBlock[], title = 'Plans') {
  const created = noteEvent('note.created', { id: NOTE, title }, A);
  const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(blocks), blocks, base: created.id }, A);
  return { events: [created, saved], rev: saved.id };
}

/** `blocks` with the paragraph at `index` holding `text`. */
export const withText = (blocks: PlainBlock[], index: number, text: string) => blocks.map((b, i) => (i === index ? para(b.id, text) : b));

/** The plain text of each top-level block of note `id`. */
export const texts = (notes: NotesState, id = NOTE) => ((bodyBlocks(notes.bodies[id]) ?? []) as PlainBlock[]).map(textOf);

/** The notes device `own` shows after folding its own events first, then the server's order of `ordered` after `base`. */
export function foldedOnDevice(base: AppEvent[], own: AppEvent[], ordered: AppEvent[]): NotesState {
  const fold = new LogFold(INITIAL_STATE);
  const notes = foldNotes(EMPTY_NOTES, base);
  fold.enterSync({ head: base.length, notes }, []);
  fold.confirmLocal(own, 'this-tab');
  fold.advance(ordered.map((event, i) => ({ sseq: base.length + 1 + i, event })));
  return fold.confirmed.notes;
}
