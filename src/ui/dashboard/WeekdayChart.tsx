import { useEffect, useRef } from 'react';
import * as Plot from '@observablehq/plot';
import type { DayCount } from '../../projections/statistics';
import { CHART_ACCENT } from './chartColors';
import { useElementWidth } from './useElementWidth';

/** Height of the "last 7 days" bar chart (CSS px). */
const WEEKDAY_CHART_HEIGHT_PX = 220;
/** At most this many y-axis ticks; with integer data they stay whole numbers. */
const MAX_Y_TICKS = 5;

const noteCount = (n: number) => `${n} ${n === 1 ? 'note' : 'notes'}`;

/**
 * Bar chart of notes per day over the last 7 days (docs/product.md "Dashboard", "Constants"), drawn by Observable Plot:
 * one bar per weekday, oldest left, today right, bars #8b5cf6, empty days drawn as 0. Each bar's
 * aria-label and tooltip say its day and count; the count is also printed above it.
 */
export function WeekdayChart({ days }: { days: DayCount[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  // Redraw only when a bar changes, not on every save that leaves the counts as they were.
  const key = days.map((d) => `${d.date}:${d.count}`).join(',');

  useEffect(() => {
    const element = ref.current;
    if (!element || width === 0) return;
    const max = Math.max(1, ...days.map((d) => d.count));
    const label = (d: DayCount) => `${d.weekday} ${d.date}: ${noteCount(d.count)}`;
    const chart = Plot.plot({
      width,
      height: WEEKDAY_CHART_HEIGHT_PX,
      marginLeft: 36,
      marginTop: 24,
      ariaLabel: `Notes per day, last 7 days: ${days.map((d) => `${d.weekday} ${d.count}`).join(', ')}`,
      style: { background: 'transparent', color: 'var(--text)', fontSize: '12px' },
      x: { domain: days.map((d) => d.weekday), label: null, padding: 0.25 },
      // Counts are whole numbers: never more ticks than the largest count, so no tick reads 0.5.
      y: { domain: [0, max], ticks: Math.min(max, MAX_Y_TICKS), tickFormat: 'd', grid: true, label: 'Notes' },
      marks: [
        Plot.barY(days, { x: 'weekday', y: 'count', fill: CHART_ACCENT, ariaLabel: label, title: label }),
        Plot.ruleY([0], { ariaHidden: 'true' }),
        Plot.text(days, {
          x: 'weekday',
          y: 'count',
          text: (d: DayCount) => String(d.count),
          dy: -8,
          fill: 'currentColor',
          ariaHidden: 'true',
        }),
      ],
    });
    element.replaceChildren(chart);
    return () => chart.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `days`' content
  }, [key, width]);

  return <div ref={ref} className="dashboard-chart weekday-chart" />;
}
