/**
 * Keys typed for a new note's title before its field is there (docs/product.md "States and
 * transitions"): right after a start, *New note* waits for the editor's code and the log, and a
 * person who presses Ctrl+Alt+N and types at once would lose the first letters to the page. From
 * `startTitleTypeahead()` until the field takes them (`takeTitleTypeahead()`), printable keys, Backspace
 * and Enter typed outside any field are kept instead. Anything else (a field focused, a shortcut, Escape,
 * MAX_WAIT_MS) ends it, and what was kept stays for the field to take.
 */

/** Longest time keys are kept for a field that has not come (ms). */
const MAX_WAIT_MS = 5000;

let typed: string | null = null;
let enter = false;
/** The answer of `takeTitleTypeahead` since the last start (undefined: not asked yet). */
let taken: { text: string; enter: boolean } | null | undefined = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function outsideFields(target: EventTarget | null): boolean {
  return !(target instanceof HTMLElement) || !(target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function onKeyDown(event: KeyboardEvent): void {
  if (typed === null || enter || !outsideFields(event.target)) return stopListening();
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key === 'Enter') enter = true;
  else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  else if (event.key === 'Escape') return stopListening();
  else if (event.key.length === 1) typed += event.key;
  else return;
  event.preventDefault();
}

function stopListening(): void {
  window.removeEventListener('keydown', onKeyDown, true);
  clearTimeout(timer);
}

/** Keep what is typed outside fields from now until the new note's title field takes it. */
export function startTitleTypeahead(): void {
  stopListening();
  typed = '';
  enter = false;
  taken = undefined;
  window.addEventListener('keydown', onKeyDown, true);
  timer = setTimeout(stopListening, MAX_WAIT_MS);
}

/**
 * What was typed since `startTitleTypeahead()` (text, and whether Enter ended it), or null when
 * nothing was; ends the keeping. For the title field of the note just created, as it opens. Asked
 * again before the next start, it gives the same answer (a render may run twice).
 */
export function takeTitleTypeahead(): { text: string; enter: boolean } | null {
  stopListening();
  if (taken === undefined) taken = typed || enter ? { text: typed ?? '', enter } : null;
  typed = null;
  enter = false;
  return taken;
}
