import { useEffect, useState } from 'react';
import { format } from 'date-fns';

/** How often the dashboard checks whether the local date changed (ms). */
const DAY_CHECK_INTERVAL_MS = 60_000;

/**
 * The current time, renewed when the local date changes (checked every minute and when the tab
 * becomes visible), so "the last 7 days" move on at midnight without re-rendering every minute.
 */
export function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const check = () => {
      const current = new Date();
      setNow((previous) => (format(previous, 'yyyy-MM-dd') === format(current, 'yyyy-MM-dd') ? previous : current));
    };
    const timer = setInterval(check, DAY_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return now;
}
