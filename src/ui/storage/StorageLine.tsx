import { useEffect, useState } from 'react';
import { throttleTime } from 'rxjs';
import { useLog } from '../LogContext';
import { persisted$ } from './persistence';
import { LOCAL_COPY_HINT, localCopy$, localCopyText } from './localCopy';

/** How often the usage figure is refreshed while events are appended. */
const ESTIMATE_THROTTLE_MS = 5000;

/** Bytes as "1.2 MB" (decimal units, as browsers report quota). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The "Storage" line: space used and available for this origin, whether the browser
 * keeps it under storage pressure (asked for once after the first saved note: persistence.ts), and,
 * when the localStorage copy could not hold every note, what it holds (localCopy.ts).
 */
export function StorageLine() {
  const log = useLog();
  const [text, setText] = useState<string | null>(null);
  const [persisted, setPersisted] = useState(persisted$.value);
  const [copy, setCopy] = useState(localCopy$.value);

  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.estimate) return;
    const refresh = () =>
      void storage.estimate().then(({ usage = 0, quota = 0 }) => setText(`${formatBytes(usage)} used of ${formatBytes(quota)}`));
    refresh();
    const updates = log.events$.pipe(throttleTime(ESTIMATE_THROTTLE_MS, undefined, { leading: true, trailing: true })).subscribe(refresh);
    const kept = persisted$.subscribe(setPersisted);
    return () => {
      updates.unsubscribe();
      kept.unsubscribe();
    };
  }, [log]);
  useEffect(() => {
    const copied = localCopy$.subscribe(setCopy);
    return () => copied.unsubscribe();
  }, []);

  const copyText = localCopyText(copy);
  if (!text && !copyText) return null;
  return (
    <>
      {text && (
        <p className="storage-line" aria-label="Storage">
          Storage: {text}
          {persisted ? ' · kept by the browser' : ''}
        </p>
      )}
      {copyText && (
        <p className="storage-line" aria-label="localStorage copy" title={LOCAL_COPY_HINT}>
          {copyText}
        </p>
      )}
    </>
  );
}
