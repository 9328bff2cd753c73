import type { ParsedLogFile } from '../../events/logFile';

/** A log file handed to the replay view ("Open read-only" on import), kept for this page only. */
let pendingFile: { file: ParsedLogFile; name: string } | null = null;

/** Hand `file` to the next /replay view. */
export function setReplayFile(file: ParsedLogFile, name: string): void {
  pendingFile = { file, name };
}

/** The file handed over, if any (it stays until another one is set). */
export function getReplayFile(): { file: ParsedLogFile; name: string } | null {
  return pendingFile;
}
