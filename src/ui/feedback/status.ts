import { Subject } from 'rxjs';

/** Transient header messages (docs/product.md "States and transitions": "Note saved!", "Note starred", "Copied to clipboard!"). */
export const statusMessages$ = new Subject<string>();

/** Show a transient message in the editor header. */
export function showStatus(message: string): void {
  statusMessages$.next(message);
}
