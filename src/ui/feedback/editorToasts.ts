import { toast } from './toast';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './durations';

/**
 * The editor's toasts, word for word from docs/product.md "Validation rules", "Messages" (successes
 * TOAST_DURATION_MS, errors TOAST_ERROR_DURATION_MS, the copy failure TOAST_DURATION_MS in the
 * destructive style). Kept in one place so the texts are checked once.
 */
export const editorToasts = {
  copied: () =>
    toast.success('Copied to clipboard', { description: 'Note content has been copied to clipboard.', duration: TOAST_DURATION_MS }),
  copyFailed: () => toast.error('Failed to copy', { description: 'Please try again', duration: TOAST_DURATION_MS }),
  downloaded: () => toast.success('Note downloaded!', { duration: TOAST_DURATION_MS }),
  exported: (format: string, fileName: string) =>
    toast.success(`Exported as ${format}`, { description: fileName, duration: TOAST_DURATION_MS }),
  emailOpened: () =>
    toast.success('Email client opened', { description: 'Your note has been prepared for email.', duration: TOAST_DURATION_MS }),
  calendarOpened: () =>
    toast.success('Calendar opened', { description: 'Your note has been prepared as a calendar event.', duration: TOAST_DURATION_MS }),
  dateInserted: () =>
    toast.success('Date inserted', { description: 'Current date has been added to your note.', duration: TOAST_DURATION_MS }),
  taskCreated: () => toast.success('Task created', { duration: TOAST_DURATION_MS }),
  imageResized: () => toast.success('Image resized', { duration: TOAST_DURATION_MS }),
  imageInsertFailed: () =>
    toast.error('Error inserting image', {
      description: 'There was an error adding the image to your note.',
      duration: TOAST_ERROR_DURATION_MS,
    }),
  notAnImage: (name: string) =>
    toast.error('Error inserting image', {
      description: `“${name}” is not an image. Choose a PNG, JPEG, GIF, WebP, AVIF, BMP or SVG file.`,
      duration: TOAST_ERROR_DURATION_MS,
    }),
  imageSaveFailed: () =>
    toast.error('Error saving note', {
      description: 'The image might be too large or there was an error converting it.',
      duration: TOAST_ERROR_DURATION_MS,
    }),
  invalidWidth: () =>
    toast.error('Invalid width', {
      description: 'Please enter the width as a whole number of pixels, e.g. 400.',
      duration: TOAST_ERROR_DURATION_MS,
    }),
  invalidTable: () =>
    toast.error('Invalid input', { description: 'Please enter valid numbers for rows and columns.', duration: TOAST_ERROR_DURATION_MS }),
  tableTooLarge: (maxRows: number, maxCols: number) =>
    toast.error('Table too large', {
      description: `A table can have at most ${maxRows} rows and ${maxCols} columns.`,
      duration: TOAST_ERROR_DURATION_MS,
    }),
  linkRefused: (reason: string) => toast.error('Link not added', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
  noSelectionForFollowUp: () =>
    toast.warning('No text selected', { description: 'Please select some text to mark for follow-up.', duration: TOAST_ERROR_DURATION_MS }),
  noSelectionForTask: () =>
    toast.warning('Please highlight the text you want to convert to a task.', { duration: TOAST_ERROR_DURATION_MS }),
  commandFailed: (label: string, error: unknown) =>
    toast.error(`${label} did not work`, {
      description: error instanceof Error ? error.message : String(error),
      duration: TOAST_ERROR_DURATION_MS,
    }),
};
