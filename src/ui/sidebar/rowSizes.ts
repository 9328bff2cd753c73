/** Estimated row height; rows are measured after rendering, so this only seeds the scrollbar. */
export const ROW_ESTIMATE_PX = 52;
/** Estimated row height of the collapsed sidebar. */
export const COMPACT_ROW_ESTIMATE_PX = 40;
/**
 * Rows rendered beyond the visible ones, so fast scrolling does not show blanks. Every row rendered
 * is mounted again when a filter or search changes the list, so more of them slow each change.
 */
export const OVERSCAN_ROWS = 8;
