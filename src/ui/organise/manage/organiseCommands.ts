import { tagKey } from '../../../../catalog';
import type { EventLog } from '../../../events/eventLog';
import { notebookPath } from '../../../projections/organisation/notebooks';
import { inverseEvents, type OrganisationEvent } from '../../../projections/organisation/organisationUndo';
import { loadOrganiseFeedback, type OrganiseFeedback } from '../../feedback';
import type { ManageTarget } from '../manageRequest';

/** The log's envelope of an organisation event (its `ref` filled in as for any note event). */
const envelope = (log: EventLog, event: OrganisationEvent) => log.create(event.type, event.payload);

/** Append the events of an Undo as one batch, and say so. */
async function undo(log: EventLog, inverse: OrganisationEvent[]): Promise<void> {
  const { organiseToasts } = await loadOrganiseFeedback();
  try {
    await log.appendBatch(inverse.map((event) => envelope(log, event)));
    organiseToasts.undone();
  } catch (error) {
    organiseToasts.failed(error instanceof Error ? error.message : String(error));
  }
}

/** A toast's title and text, in the words of ORGANISE_TEXT. */
export type OrganiseMessage = (text: OrganiseFeedback['ORGANISE_TEXT']) => readonly [string, string];

/**
 * Append one organisation event (docs/product.md "Notebooks and tags": each change is one event) and
 * show `message` (a toast's title and text) with *Undo*, which appends the inverse events
 * (src/projections/organisation/organisationUndo.ts) worked out from the notes before and after it.
 */
export async function organise(log: EventLog, event: OrganisationEvent, message: OrganiseMessage): Promise<void> {
  const { organiseToasts, ORGANISE_TEXT } = await loadOrganiseFeedback();
  const before = log.state.notes;
  // Applied at once (the log folds before it writes), so `after` is the state this event made.
  const written = log.appendEvent(envelope(log, event));
  const inverse = inverseEvents(before, log.state.notes, event);
  const [title, text] = message(ORGANISE_TEXT);
  organiseToasts.done(title, text, inverse.length ? () => void undo(log, inverse) : undefined);
  await written;
}

/** A note's sidebar row dropped on a notebook (files it there) or a tag (tags it), with a toast and Undo. */
export async function dropNoteOn(log: EventLog, target: ManageTarget, noteId: string): Promise<void> {
  const { organiseToasts, ORGANISE_TEXT } = await loadOrganiseFeedback();
  const notes = log.state.notes;
  const title = notes.meta[noteId]?.title;
  if (title === undefined) return;
  if (target.kind === 'notebook') {
    const name = notebookPath(notes, target.id).join(' / ');
    if (notes.filed[noteId] === target.id) return void organiseToasts.unchanged(ORGANISE_TEXT.alreadyFiled(title, name));
    return organise(log, { type: 'note.filed', payload: { id: noteId, notebook: target.id } }, (t) => t.noteFiled(title, name));
  }
  const path = notes.tags[target.key];
  if (path === undefined) return;
  if (notes.tagged[noteId]?.includes(tagKey(path))) return void organiseToasts.unchanged(ORGANISE_TEXT.alreadyTagged(title, path));
  return organise(log, { type: 'note.tagged', payload: { id: noteId, tag: path } }, (t) => t.noteTagged(title, path));
}
