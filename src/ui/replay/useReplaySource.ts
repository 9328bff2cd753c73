import { useEffect, useState } from 'react';
import { buildLogFile, type ParsedLogFile } from '../../events/logFile';
import type { AppState } from '../../projections/notesState';
import { useLog } from '../LogContext';
import { getReplayFile } from './replaySource';

/** A log the replay view shows: its file and the name the header gives it. */
interface ReplaySource {
  file: ParsedLogFile;
  name: string;
}

/** What `useReplaySource` gives the replay view. */
export interface ReplaySourceState {
  /** The log to replay: a handed-over or loaded file, or the current log once its events are read; null until then. */
  source: ReplaySource | null;
  /** Replace the source (a file the user loaded). */
  setSource: (next: ReplaySource) => void;
  /**
   * While the current log's events are read: the state its replay ends on, as this tab already
   * holds it (EventLog.replayEnd), shown at once; null when there is none to show.
   */
  end: AppState | null;
}

/**
 * The log the replay view shows (docs/product.md "Event log tools"): a handed-over file, else a
 * read-only copy of the current log's events this build reads, in fold order, without their
 * documents (EventLog.replayEvents), and until they are read the state the log already holds.
 */
export function useReplaySource(): ReplaySourceState {
  const log = useLog();
  const [source, setSource] = useState(getReplayFile);
  const [end] = useState(() => (getReplayFile() ? null : log.replayEnd()));
  useEffect(() => {
    if (source) return;
    let live = true;
    void Promise.all([log.replayEvents(), log.serverSync.origin()]).then(([events, origin]) => {
      if (live) setSource({ file: buildLogFile(events, null, new Date(), origin ?? undefined) as ParsedLogFile, name: 'Current log' });
    });
    return () => {
      live = false;
    };
  }, [log, source]);
  return { source, setSource, end: source ? null : end };
}
