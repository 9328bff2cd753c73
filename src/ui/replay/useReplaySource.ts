import { useEffect, useState } from 'react';
import { readableLogFile, type ParsedLogFile } from '../../events/logFile';
import { exportLogFile } from '../../services/logTransfer';
import { useLog } from '../LogContext';
import { getReplayFile } from './replaySource';

/** The log the replay view shows: a handed-over file, else a read-only copy of the current log. */
export function useReplaySource(): [{ file: ParsedLogFile; name: string } | null, (next: { file: ParsedLogFile; name: string }) => void] {
  const log = useLog();
  const [source, setSource] = useState(getReplayFile);
  useEffect(() => {
    if (source) return;
    let live = true;
    void exportLogFile(log).then((file) => live && setSource({ file: readableLogFile(file), name: 'Current log' }));
    return () => {
      live = false;
    };
  }, [log, source]);
  return [source, setSource];
}
