import type { Observable } from 'rxjs';
import type { AppState, NotesState } from '../../../projections/notesState';

/** A link to a note the person asked to open (a click, or Ctrl+Enter at the caret). */
export interface OpenLinkRequest {
  noteId: string;
  /** The text the link was written with. */
  label: string;
  /** True when the note does not exist (deleted, or never made). */
  missing: boolean;
  /** Ctrl/Cmd-click or middle click: open in a new tab. */
  newTab: boolean;
  /** The link's element in the editor, to place an offer next to it. */
  element: HTMLElement | null;
  /** Point the link at another note (`noteId`, written as `label`): an edit of the note, saved as any. */
  repoint(noteId: string, label: string): void;
}

/**
 * What an editor's links to notes need from the app (docs/architecture.md "Links between notes"):
 * the current titles of the notes (a link shows its note's title as it is now, so renaming a note
 * never breaks a link) and what to do when a link is opened. One per editor, fed from the notes
 * projection by `followNoteTitles`; until then links show the text they were written with and none
 * is called missing.
 */
export class NoteLinkContext {
  private meta: NotesState['meta'] | null = null;
  private readonly listeners = new Set<() => void>();
  /** Opens a link; set by the editor's workspace. */
  onOpen: ((request: OpenLinkRequest) => void) | null = null;

  /** True once the notes are known, so a link to a note not among them is a missing note. */
  get known(): boolean {
    return this.meta !== null;
  }

  /** The current title of note `noteId`, or undefined when there is no such note (or notes are not known yet). */
  titleOf(noteId: string): string | undefined {
    return this.meta && Object.prototype.hasOwnProperty.call(this.meta, noteId) ? this.meta[noteId].title : undefined;
  }

  /** Calls `listener` whenever titles may have changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Take in the notes of a new state. Listeners (the links shown) hear of every change of the notes'
   * list and compare their own title: cheaper than comparing 10,000 titles at each save.
   */
  take(meta: NotesState['meta']): void {
    if (meta === this.meta) return;
    this.meta = meta;
    for (const listener of this.listeners) listener();
  }

  /** Open a link: hands the request to `onOpen` (nothing happens without one). */
  open(request: Omit<OpenLinkRequest, 'missing'>): void {
    this.onOpen?.({ ...request, missing: this.known && this.titleOf(request.noteId) === undefined });
  }
}

const byEditor = new WeakMap<object, NoteLinkContext>();

/** The link context of `editor` (made on first use). */
export function noteLinkContextOf(editor: object): NoteLinkContext {
  let context = byEditor.get(editor);
  if (!context) byEditor.set(editor, (context = new NoteLinkContext()));
  return context;
}

/** Feed `editor`'s link titles from `state$` until the returned function is called. */
export function followNoteTitles(editor: object, state$: Observable<AppState>): () => void {
  const context = noteLinkContextOf(editor);
  const sub = state$.subscribe((state) => context.take(state.notes.meta));
  return () => sub.unsubscribe();
}
