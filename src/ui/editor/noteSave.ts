import type { Actor } from 'xstate';
import type { EventLog } from '../../events/eventLog';
import type { autosaveMachine, SaveResult } from '../../machines/autosave';
import { bodyChain, bodyHtml, isUnreadBody, type AppState } from '../../projections/notesState';
import type { PlainBlock } from '../../projections/changes/plainBlocks';
import type { CapturedBody } from './noteDocument';
import type { ChangeParts, ChangesHolder } from './changeModel';
import { inNextTask } from '../../lib/scheduler';
import { prepareChanges } from './noteChanges';

/**
 * The note the editor shows, as its saves see it (docs/architecture.md "Editor"): one per editor,
 * kept up to date by the editor as it shows notes.
 */
export interface ShownNote extends ChangesHolder {
  /** The note shown and editable; null while none is (its sanitizer still loading). */
  noteId: string | null;
  /** The HTML last shown or saved here: a body with other HTML was saved elsewhere. */
  html: string | null;
  /**
   * The revision the editor's text started from: a save names it, so a save over a change made
   * elsewhere meanwhile is a conflict the fold keeps both sides of (docs/architecture.md "Conflicts").
   */
  baseRev: string | undefined;
  /** True while this editor's own save is being appended: the state it folds to is no change made elsewhere. */
  appending?: boolean;
  /** Set while a save waits to capture (`saveShownNote` with `ready`): captures and appends it now. */
  hurry?: () => void;
  /**
   * Set while a save taken from the change model waits for its next task to be appended: appends it now.
   * The next save runs it first, so saves are appended in the order they were taken.
   */
  unappended?: () => Promise<unknown> | null;
}

/** What a save needs of the log. */
export type SaveLog = Pick<EventLog, 'state' | 'status$' | 'retryPending' | 'append' | 'pendingEvents' | 'readNotes'>;

/** Nothing shown yet. */
export function noShownNote(): ShownNote {
  return { noteId: null, html: null, baseRev: undefined, changes: null };
}

/** Record that `shown` now shows `noteId` with its body and revision in `state`. */
export function showNoteOf(shown: ShownNote, noteId: string, state: AppState): void {
  shown.noteId = noteId;
  shown.html = bodyHtml(state.notes.bodies[noteId]);
  shown.baseRev = state.notes.revs[noteId]?.id;
  shown.changes = null;
}

/**
 * The autosave's `saveNote` (docs/product.md "States and transitions"): capture the editor's body, first
 * write events a failed write left in memory, and append the save (`appendSave`). Without `ready` (a
 * flush) it all happens at once, synchronously: on page hide there is no later task to do it in. With
 * it, the body is captured once `ready` resolves (the capture's work done in tasks of its own), and the
 * save taken from it is appended in the next task, so neither shares a task with the other
 * (docs/architecture.md "Editor"); `shown.hurry()` (a flush) before the capture, or
 * `shown.unappended()` before the append, does the rest at once, synchronously. An aborted `signal`
 * (the save replaced) before the capture skips it. Skipped when `noteId` is no longer shown or no longer
 * exists, or nothing was written. Resolves once the append is durable; rejects with the write's error.
 */
export function saveShownNote(
  log: SaveLog,
  shown: ShownNote,
  noteId: string,
  capture: () => CapturedBody,
  ready?: Promise<void>,
  signal?: AbortSignal,
): Promise<SaveResult> {
  if (!ready) return captureAndSave(log, shown, noteId, capture, false);
  return new Promise((resolve, reject) => {
    let started = false;
    const start = (skip: boolean, urgent: boolean) => {
      if (started) return;
      started = true;
      if (shown.hurry === hurry) shown.hurry = undefined;
      if (skip) resolve({ skipped: true });
      else captureAndSave(log, shown, noteId, capture, !urgent).then(resolve, reject);
    };
    const hurry = () => start(false, true);
    shown.hurry = hurry;
    signal?.addEventListener('abort', () => start(true, true), { once: true });
    // In a task of its own: not in the one that finished the work `ready` waited for.
    const later = () => inNextTask(() => start(false, false));
    ready.then(later, later);
  });
}

async function captureAndSave(
  log: SaveLog,
  shown: ShownNote,
  noteId: string,
  capture: () => CapturedBody,
  inNextTaskOfItsOwn: boolean,
): Promise<SaveResult> {
  if (shown.noteId !== noteId || !log.state.notes.meta[noteId]) return { skipped: true };
  if (inNextTaskOfItsOwn && isUnreadBody(log.state.notes.bodies[noteId])) {
    // A reload left the shown note's document unread (docs/architecture.md "Snapshots"): read it, so the
    // save stays a change on its chain; what is typed meanwhile is in the capture below (or a flush's).
    await log.readNotes([noteId]).catch((error: unknown) => console.error("NotePad: the note's document could not be read", error));
    if (shown.noteId !== noteId || !log.state.notes.meta[noteId]) return { skipped: true };
  }
  const body = capture();
  // The change is taken from the model now: a remote change shown while the retry below runs must not meet an older capture.
  const save = prepareSave(log, shown, noteId, body);
  if (inNextTaskOfItsOwn) {
    shown.unappended = save;
    await new Promise<void>((resolve) => inNextTask(resolve));
  }
  // A failed write (storage full) left events in memory only: write them first.
  const retried = log.status$.value.writeError ? await log.retryPending() : [];
  const written = save();
  if (!written) return { skipped: retried.length === 0 };
  await written;
  return { skipped: false };
}

/**
 * Append the save of `body` to note `noteId` now (synchronously), or null when it changes nothing:
 * for the autosave, and for the editor when another device's change must meet what is typed first.
 */
export function appendSave(log: SaveLog, shown: ShownNote, noteId: string, body: CapturedBody): Promise<unknown> | null {
  return prepareSave(log, shown, noteId, body)();
}

/**
 * The save of `body` (docs/architecture.md "Saves as changes"): `note.changed` with what changed since
 * the base revision when the note's change model is ready and the note is still on its chain, else
 * `note.body-saved` with the whole body naming the base (a model still loading, a note a whole-body
 * save replaced meanwhile: that meeting is a conflict the fold keeps both sides of). The change is
 * taken from the model at once; the returned function appends it and resolves once durable (null:
 * nothing to save).
 */
function prepareSave(log: SaveLog, shown: ShownNote, noteId: string, body: CapturedBody): () => Promise<unknown> | null {
  // A save taken earlier and not appended yet goes first: this one is taken after it (its own save awaits the write).
  void shown.unappended?.();
  const append = takeSave(log, shown, noteId, body);
  let result: Promise<unknown> | null | undefined;
  const once = () => {
    if (shown.unappended === once) shown.unappended = undefined;
    if (result === undefined) result = append();
    return result;
  };
  return once;
}

/** `prepareSave` without the order: the change taken from the model now, and the function that appends it. */
function takeSave(log: SaveLog, shown: ShownNote, noteId: string, body: CapturedBody): () => Promise<unknown> | null {
  const changes = shown.changes;
  const rev = log.state.notes.revs[noteId];
  const base = shown.baseRev;
  const onChain = rev !== undefined && !rev.partial && (rev.chain ?? rev.id) === changes?.start;
  // A document not read (a reload, a flush that cannot wait for a read): the save is whole, applied at once.
  const read = !isUnreadBody(log.state.notes.bodies[noteId]);
  if (changes && onChain && read && base !== undefined && body.blockHtml) {
    const stale = bodyChain(log.state.notes.bodies[noteId])?.stale;
    let parts: ChangeParts | null;
    try {
      parts = changes.change(body.blocks, body.blockHtml as (block: PlainBlock) => string, stale);
    } catch (error) {
      // What is typed is never held back by the model: this save and the next carry the whole body.
      console.error("NotePad: the note's change could not be made; it is saved whole", error);
      shown.changes = null;
      return takeSave(log, shown, noteId, body);
    }
    return () => {
      if (!parts) return null;
      // The log folds the append at once and tells its listeners before it returns.
      shown.appending = true;
      let written: Promise<unknown>;
      try {
        written = log.append('note.changed', { id: noteId, base, start: changes.start, ...parts });
      } finally {
        shown.appending = false;
      }
      // The append is applied at once: the next save starts from this revision, which this editor shows.
      shown.baseRev = log.state.notes.revs[noteId]?.id;
      shown.html = bodyHtml(log.state.notes.bodies[noteId]);
      return written;
    };
  }
  return () => {
    // A body holding no HTML (a reload left it unread, docs/architecture.md "Documents by reference") is not
    // compared: a flush cannot wait for its read, and a whole save of the same text loses nothing.
    const current = log.state.notes.bodies[noteId];
    if ((current === undefined || current.html !== undefined) && body.html === bodyHtml(current)) return null;
    shown.html = body.html;
    const written = log.append('note.body-saved', { id: noteId, html: body.html, blocks: body.blocks, base });
    // The append is applied at once: the next save starts from this revision.
    shown.baseRev = log.state.notes.revs[noteId]?.id;
    // The note now holds a whole body: its next chain of changes starts from it (these blocks are that body).
    prepareChanges(
      shown,
      () => log.state,
      () => body.blocks,
    );
    return written;
  };
}

/** Whether `html` of note `noteId` is this tab's own, still pending (a History restore shown before it is durable). */
export function isPendingHere(log: Pick<EventLog, 'pendingEvents'>, noteId: string, html: string): boolean {
  return log.pendingEvents().some(({ payload }) => 'html' in payload && payload.id === noteId && payload.html === html);
}

/** Whether the body of the shown note holds an image (a failed save then names images as a likely cause). */
export function shownNoteHasImage(state: AppState, shown: ShownNote): boolean {
  return /<img\b/.test(state.notes.bodies[shown.noteId ?? '']?.html ?? '');
}

/**
 * Flush `autosave` and resolve once it settled: 'saved' (durable, or nothing new to save) or
 * 'failed' (the machine's failure action has run).
 */
export function flushAutosave(autosave: Actor<typeof autosaveMachine>): Promise<'saved' | 'failed'> {
  type Snapshot = ReturnType<typeof autosave.getSnapshot>;
  const settled = (s: Snapshot) => s.matches('clean') || s.matches('failed');
  const result = (s: Snapshot) => (s.matches('failed') ? 'failed' : 'saved');
  return new Promise((resolve) => {
    autosave.send({ type: 'autosave.flush' });
    if (settled(autosave.getSnapshot())) return resolve(result(autosave.getSnapshot()));
    const sub = autosave.subscribe((s) => {
      if (!settled(s)) return;
      sub.unsubscribe();
      resolve(result(s));
    });
  });
}
