import { toast } from './toast';
import { ORGANISE_UNDO_DURATION_MS, TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './durations';
import { notesCount } from './notesCount';

/**
 * The toasts of organising notes (docs/product.md "Notebooks and tags"): what a change did, with
 * *Undo* while it shows (`undo` absent: nothing to take back), and what Undo did.
 */
export const organiseToasts = {
  done: (title: string, description: string, undo?: () => void) =>
    toast.success(title, {
      description,
      duration: ORGANISE_UNDO_DURATION_MS,
      ...(undo ? { action: { label: 'Undo', onClick: undo } } : {}),
    }),
  /** Nothing to do: the note already is where it was dropped. */
  unchanged: (description: string) => toast('Nothing to change', { description, duration: TOAST_DURATION_MS }),
  undone: () => toast.success('Undone', { duration: TOAST_DURATION_MS }),
  failed: (reason: string) => toast.error('That did not work', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
};

/** The words of those toasts, with the names in quotes. */
export const ORGANISE_TEXT = {
  notebookCreated: (name: string, parent: string | null) =>
    ['Notebook created', parent ? `“${name}” is in “${parent}”.` : `“${name}”`] as const,
  notebookRenamed: (from: string, to: string) => ['Notebook renamed', `“${from}” is now “${to}”.`] as const,
  notebookMoved: (name: string, parent: string | null) =>
    ['Notebook moved', parent ? `“${name}” is now in “${parent}”.` : `“${name}” is now at the top level.`] as const,
  notebookDeleted: (name: string, notes: number, parent: string | null) =>
    [
      'Notebook deleted',
      `“${name}” is gone; ${notes === 0 ? 'it held no notes' : `its ${notesCount(notes)} moved ${parent ? `to “${parent}”` : 'out of any notebook'}`}.`,
    ] as const,
  tagCreated: (path: string) => ['Tag created', `“${path}”`] as const,
  tagRenamed: (from: string, to: string) => ['Tag renamed', `“${from}” is now “${to}”.`] as const,
  tagMoved: (from: string, to: string) => ['Tag moved', `“${from}” is now “${to}”.`] as const,
  tagsMerged: (from: string, into: string) => ['Tags merged', `“${from}” was merged into “${into}”.`] as const,
  tagDeleted: (path: string, notes: number) =>
    ['Tag deleted', notes === 0 ? `“${path}” is gone.` : `“${path}” was taken off ${notesCount(notes)}.`] as const,
  noteFiled: (title: string, notebook: string) => ['Note moved', `“${title}” is now in “${notebook}”.`] as const,
  noteTagged: (title: string, tag: string) => ['Tag added', `“${title}” is now tagged “${tag}”.`] as const,
  alreadyFiled: (title: string, notebook: string) => `“${title}” is already in “${notebook}”.`,
  alreadyTagged: (title: string, tag: string) => `“${title}” is already tagged “${tag}”.`,
};
