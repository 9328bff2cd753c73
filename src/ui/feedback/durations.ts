/** Toast duration (docs/product.md "Constants"). */
export const TOAST_DURATION_MS = 2000;
/** Error toast duration (docs/product.md "Constants"). */
export const TOAST_ERROR_DURATION_MS = 3000;
/** How long a header status message ("Note saved!") stays (docs/product.md "States and transitions"; same as a toast). */
export const STATUS_MESSAGE_MS = 2000;
