import { Subject } from 'rxjs';

/** Transient header messages (SPEC.md §4: "Note saved!", "Note starred", "Copied to clipboard!"). */
export const statusMessages$ = new Subject<string>();

/** Show a transient message in the editor header. */
export function showStatus(message: string): void {
  statusMessages$.next(message);
}
