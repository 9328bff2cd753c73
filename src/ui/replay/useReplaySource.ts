import { useEffect, useState } from 'react';
import { buildLogFile, type ParsedLogFile } from '../../events/logFile';
import { useLog } from '../LogContext';
import { getReplayFile } from './replaySource';

/**
 * The log the replay view shows: a handed-over file, else a read-only copy of the current log's
 * events this build reads, in fold order, without their documents (EventLog.replayEvents).
 */
export function useReplaySource(): [{ file: ParsedLogFile; name: string } | null, (next: { file: ParsedLogFile; name: string }) => void] {
  const log = useLog();
  const [source, setSource] = useState(getReplayFile);
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
  return [source, setSource];
}
