import { readItem, type StorageArea } from './webStorage';

/**
 * The value of the original app's `key` (docs/architecture.md "Legacy import"), or null when it is
 * absent or cannot be read (logged). Used by the import's plan and by its appending, which loads later.
 */
export function readOrNull(storage: StorageArea, key: string): string | null {
  const read = readItem(storage, key);
  if (read.ok) return read.value;
  console.error(`NotePad: could not read ${key} for the legacy import`, read.error);
  return null;
}
