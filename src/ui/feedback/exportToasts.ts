import { toast } from './toast';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './durations';
import { notesCount } from './notesCount';

/** The toasts of *Export all notes* (docs/product.md "Export all notes"). */
export const exportToasts = {
  exported: (notes: number, fileName: string) =>
    toast.success('Notes exported', { description: `${notesCount(notes)} in ${fileName}`, duration: TOAST_DURATION_MS }),
  nothingToExport: () =>
    toast('No notes to export', { description: 'Create a note first: there is nothing to export yet.', duration: TOAST_DURATION_MS }),
  cancelled: () => toast('Export cancelled', { description: 'Nothing was downloaded.', duration: TOAST_DURATION_MS }),
  failed: (reason: string) =>
    toast.error('Export failed: nothing was downloaded', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
};
