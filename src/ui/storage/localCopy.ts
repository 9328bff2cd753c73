import { BehaviorSubject } from 'rxjs';
import type { LocalCopy } from '../../services/storageMirror';
import { notesCount } from '../feedback';

/** What the localStorage copy holds (main.tsx feeds it from the mirror; the Storage line shows it). */
export const localCopy$ = new BehaviorSubject<LocalCopy>({ kind: 'complete' });

/**
 * The Storage line's words for a copy that is not complete (docs/product.md "Sidebar"), or null when
 * it is complete: "localStorage copy: the newest 84 of 174 notes", "localStorage copy: the list of 174
 * notes, no note text", or "localStorage copy: not up to date (localStorage is full)".
 */
export function localCopyText(copy: LocalCopy): string | null {
  if (copy.kind === 'complete') return null;
  if (copy.kind === 'outdated') return 'localStorage copy: not up to date (localStorage is full)';
  if (copy.bodies === 0) return `localStorage copy: the list of ${notesCount(copy.notes)}, no note text`;
  return `localStorage copy: the newest ${copy.bodies.toLocaleString('en-US')} of ${notesCount(copy.notes)}`;
}

/** The tooltip of that line: why the copy is partial and that nothing is lost. */
export const LOCAL_COPY_HINT =
  'Every note is safe in NotePad’s log. The copy in the browser’s localStorage (about 5 MB), kept for tools that read the original app’s keys, holds the list of notes and the text of the newest notes that fit.';
