import { inNextTask } from '../lib/scheduler';
import type { ImportLimits } from './neutralNotes';

const MIB = 1024 * 1024;

/**
 * The limits of one import (docs/product.md "What each format keeps"); bytes are uncompressed bytes produced.
 */
const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxZipEntries: 50_000,
  maxZipBytes: 4 * 1024 * MIB,
  maxNoteBytes: 8 * MIB,
  maxAttachmentBytes: 50 * MIB,
  maxZipRatio: 100,
};

/** Bytes any zip may produce whatever its size, so a small export of text notes is never taken for a bomb. */
export const ZIP_RATIO_ALLOWANCE_BYTES = 32 * MIB;

/** What a file that is no note export is told (docs/product.md "What each format keeps"). */
export const NOT_A_NOTE_EXPORT = 'not a note export: NotePad reads .enex, .md, .txt, .html, .json (Google Keep, Simplenote) and .zip';

/** `limits` over the defaults; a value that is not a positive number keeps its default. */
export function resolveLimits(limits: Partial<ImportLimits> | undefined): ImportLimits {
  const out = { ...DEFAULT_IMPORT_LIMITS };
  for (const key of Object.keys(out) as (keyof ImportLimits)[]) {
    const value = limits?.[key];
    if (typeof value === 'number' && value > 0) out[key] = value;
  }
  return out;
}

/** "8 MiB", "50 MiB", "1.5 KiB": the byte sizes messages name. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/** Throws the signal's reason when it has aborted: planning stops where it is. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The import was cancelled.', 'AbortError');
}

const BUSY_SLICE_MS = 8;

/**
 * Returns a function to await between notes: it gives the event loop a task of its own once work has
 * run for `BUSY_SLICE_MS`, so a worker answers messages (a cancel) during a long import without paying a
 * task per small note.
 */
export function eventLoopYielder(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < BUSY_SLICE_MS) return;
    await new Promise<void>((resolve) => inNextTask(resolve));
    since = performance.now();
  };
}
