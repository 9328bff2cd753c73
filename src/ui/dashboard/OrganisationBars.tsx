import { useEffect, useRef } from 'react';
import * as Plot from '@observablehq/plot';
import type { OrganisationBar } from '../../projections/organisation/organisationStatistics';
import { CHART_ACCENT } from './chartColors';
import { useElementWidth } from './useElementWidth';

/** Height of one bar's band (CSS px), and the room above and below the bars for the axis. */
const BAND_PX = 28;
const AXIS_PX = 44;
/** Labels longer than this are cut with "…" on the axis (the bar's tooltip and label keep the whole name). */
const LABEL_CHARS = 22;

const noteCount = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'note' : 'notes'}`;
const cut = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

/**
 * Horizontal bars of notes per notebook or per tag (docs/product.md "Dashboard"), drawn by Observable
 * Plot as the other panels are: one bar per item, most first, in #8b5cf6, the count printed after
 * it; each bar's aria-label and tooltip say its name and count.
 */
export function OrganisationBars({ bars, label }: { bars: OrganisationBar[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  // Redraw only when a bar changes.
  const key = bars.map((b) => `${b.label}:${b.count}`).join('\n');

  useEffect(() => {
    const element = ref.current;
    if (!element || width === 0) return;
    const max = Math.max(1, ...bars.map((b) => b.count));
    const text = (b: OrganisationBar) => `${b.label}: ${noteCount(b.count)}`;
    const chart = Plot.plot({
      width,
      height: bars.length * BAND_PX + AXIS_PX,
      marginLeft: Math.min(170, 12 + 7 * Math.max(...bars.map((b) => cut(b.label).length))),
      marginRight: 36,
      ariaLabel: `${label}: ${bars.map((b) => `${b.label} ${b.count}`).join(', ')}`,
      style: { background: 'transparent', color: 'var(--text)', fontSize: '12px' },
      x: { domain: [0, max], ticks: Math.min(max, 5), tickFormat: 'd', grid: true, label: 'Notes' },
      y: { domain: bars.map((b) => b.label), label: null, tickFormat: cut, padding: 0.25 },
      marks: [
        Plot.barX(bars, { x: 'count', y: 'label', fill: CHART_ACCENT, ariaLabel: text, title: text }),
        Plot.ruleX([0], { ariaHidden: 'true' }),
        Plot.text(bars, {
          x: 'count',
          y: 'label',
          text: (b: OrganisationBar) => b.count.toLocaleString(),
          dx: 6,
          textAnchor: 'start',
          fill: 'currentColor',
          ariaHidden: 'true',
        }),
      ],
    });
    element.replaceChildren(chart);
    return () => chart.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `bars`' content
  }, [key, width, label]);

  return <div ref={ref} className="dashboard-chart organisation-bars" />;
}
