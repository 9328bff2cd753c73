/** Toast duration (docs/product.md "Constants"). */
export const TOAST_DURATION_MS = 2000;
/** Error toast duration (docs/product.md "Constants"). */
export const TOAST_ERROR_DURATION_MS = 3000;
/** How long a header status message ("Note saved!") stays (docs/product.md "States and transitions"; same as a toast). */
export const STATUS_MESSAGE_MS = 2000;
/** How long an import's result stays (docs/product.md "Constants"): long enough to choose Undo or read why. */
export const IMPORT_RESULT_DURATION_MS = 10_000;
/** How long the toast of an organising change stays, with its Undo (docs/product.md "Constants"). */
export const ORGANISE_UNDO_DURATION_MS = 10_000;
