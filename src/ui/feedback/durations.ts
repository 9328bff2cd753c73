/** Toast duration (SPEC.md §9). */
export const TOAST_DURATION_MS = 2000;
/** Error toast duration (SPEC.md §9). */
export const TOAST_ERROR_DURATION_MS = 3000;
/** How long a header status message ("Note saved!") stays (SPEC.md §4; same as a toast). */
export const STATUS_MESSAGE_MS = 2000;
