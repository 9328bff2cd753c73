/*
 * The readers' entry (docs/architecture.md "Import from other apps"): chosen files in, sources planned
 * and failures out. Each `.enex` and `.zip` is a source of its own; other files chosen together form one
 * folder, each note file in it a source.
 */
import { planEnex } from './enex/reader';
import { planLoose } from './folder/looseSource';
import { planZip } from './folder/zipSource';
import { resolveLimits, throwIfAborted } from './limits';
import { extensionOf } from './mime';
import { ImportFileError, type ImportInput, type ImportLimits, type PlannedSource } from './neutralNotes';

export * from './neutralNotes';

/**
 * Understands chosen files (several at once: loose files chosen together form one folder, so `note.md`
 * finds `image.png` chosen beside it). Returns one PlannedSource per source found and the files that
 * cannot be imported, each with its reason; nothing is ever yielded from a file that failed. `limits`
 * override DEFAULT_IMPORT_LIMITS. Throws only the signal's reason when it aborts.
 */
export async function planImport(
  inputs: ImportInput[],
  options?: { limits?: Partial<ImportLimits>; signal?: AbortSignal },
): Promise<{ sources: PlannedSource[]; failures: ImportFileError[] }> {
  const limits = resolveLimits(options?.limits);
  const signal = options?.signal;
  const sources: PlannedSource[] = [];
  const failures: ImportFileError[] = [];
  const loose: ImportInput[] = [];
  for (const input of inputs) {
    throwIfAborted(signal);
    const extension = extensionOf(input.name) || (await sniffedExtension(input));
    if (extension !== 'enex' && extension !== 'zip') {
      loose.push(input);
      continue;
    }
    try {
      if (input.size === 0) throw new ImportFileError(input.name, 'an empty file');
      sources.push(extension === 'enex' ? await planEnex(input, limits, signal) : await planZip(input, limits, signal));
    } catch (error) {
      throwIfAborted(signal);
      failures.push(error instanceof ImportFileError ? error : new ImportFileError(input.name, 'could not be read'));
    }
  }
  if (loose.length) {
    try {
      const planned = await planLoose(loose, limits, signal);
      sources.push(...planned.sources);
      failures.push(...planned.failures);
    } catch {
      throwIfAborted(signal);
      failures.push(...loose.map((input) => new ImportFileError(input.name, 'could not be read')));
    }
  }
  return { sources, failures };
}

/**
 * What a file without an extension holds, by its first bytes (a download saved without its `.zip`,
 * an export renamed): 'zip' for a zip's local header, 'enex' for XML that opens an `<en-export>`,
 * else '' (then it goes with the loose files, which refuse it with the reason).
 */
async function sniffedExtension(input: ImportInput): Promise<string> {
  const head = new Uint8Array(await input.slice(0, 1024).arrayBuffer());
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  return /^\uFEFF?\s*<\?xml[^>]*>[\s\S]*<en-export[\s>]/.test(text) ? 'enex' : '';
}
