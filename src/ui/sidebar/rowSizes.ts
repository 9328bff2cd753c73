/**
 * A row's height in rem, set on every row by the stylesheet (`.note-row` in sidebar.css), so
 * the virtualizer places rows without measuring them: measuring each mounted row forced a layout in
 * the middle of every filter or search change.
 */
const ROW_HEIGHT_REM = 3.1;
/** A row's height in rem in the collapsed sidebar (`.sidebar.compact .note-row`). */
export const COMPACT_ROW_HEIGHT_REM = 2.5;
/**
 * Rows rendered beyond the visible ones, so fast scrolling does not show blanks. Every row rendered
 * is mounted again when a filter or search changes the list, so the frame answering such a change
 * renders only CHANGE_OVERSCAN_ROWS of them and the rest follow.
 */
export const OVERSCAN_ROWS = 8;
/** Rows rendered beyond the visible ones in the frame that answers a change of the list (VirtualRows.tsx). */
export const CHANGE_OVERSCAN_ROWS = 1;

/** A row's height in px at the page's root font size (the rem), for the virtualizer. */
export function rowHeightPx(compact: boolean): number {
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return rem * (compact ? COMPACT_ROW_HEIGHT_REM : ROW_HEIGHT_REM);
}
