import { toast } from './toast';
import { TOAST_ERROR_DURATION_MS } from './durations';

/** The event log tools' toasts (docs/product.md "Event log tools"): export, import and replay of a log file. */
export const logToolToasts = {
  exported: () => toast.success('Event log exported'),
  exportFailed: (reason: string) =>
    toast.error('Export failed: nothing was downloaded', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
  imported: (events: number, fileName: string) => toast.success('Event log imported', { description: `${events} events from ${fileName}` }),
  importFailed: (reason: string) =>
    toast.error('Import failed: nothing was changed', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
  /** A file from a newer build: reloading may bring that build (docs/architecture.md "Versions and tabs"); the notice waits. */
  importNeedsNewerVersion: (reason: string, reload: () => void) =>
    toast.error('Import failed: nothing was changed', {
      description: reason,
      duration: Infinity,
      action: { label: 'Reload', onClick: reload },
    }),
  replayRefused: (reason: string) => toast.error('Cannot replay this file', { description: reason, duration: TOAST_ERROR_DURATION_MS }),
};
