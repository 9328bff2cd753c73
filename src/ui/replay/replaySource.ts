import type { LogFile } from '../../events/logFile';

/** A log file handed to the replay view ("Open read-only" on import), kept for this page only. */
let pendingFile: { file: LogFile; name: string } | null = null;

/** Hand `file` to the next /replay view. */
export function setReplayFile(file: LogFile, name: string): void {
  pendingFile = { file, name };
}

/** The file handed over, if any (it stays until another one is set). */
export function getReplayFile(): { file: LogFile; name: string } | null {
  return pendingFile;
}
