import type { NoteBody } from '../../projections/notesState';

const cache = new WeakMap<NoteBody, string>();
let parser: DOMParser | null = null;

/**
 * The visible text of a note body, lower-cased, for search (SPEC.md §5 "matches the title or the
 * stored body"). Cached per body object, so only bodies that changed are parsed again and a
 * keystroke in the search box costs one substring scan per note. DOMParser does not run scripts
 * or load images, so parsing stored HTML here is safe.
 */
export function bodyTextOf(body: NoteBody | undefined): string {
  if (!body) return '';
  let text = cache.get(body);
  if (text === undefined) {
    parser ??= new DOMParser();
    text = body.html ? (parser.parseFromString(body.html, 'text/html').body.textContent ?? '').toLowerCase() : '';
    cache.set(body, text);
  }
  return text;
}
