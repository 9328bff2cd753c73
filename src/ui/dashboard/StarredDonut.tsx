import { arc, pie, type PieArcDatum } from 'd3-shape';
import { CHART_ACCENT, CHART_MUTED } from './chartColors';

/** Donut radii of docs/product.md "Constants" (SVG user units = CSS px at the drawn size). */
const DONUT_INNER_RADIUS_PX = 60;
const DONUT_OUTER_RADIUS_PX = 80;
const DONUT_SIZE_PX = 2 * DONUT_OUTER_RADIUS_PX + 4;

interface Slice {
  key: 'starred' | 'not-starred';
  label: string;
  count: number;
  color: string;
}

const slicesOf = pie<Slice>()
  .value((d) => d.count)
  .sort(null);
const arcOf = arc<PieArcDatum<Slice>>().innerRadius(DONUT_INNER_RADIUS_PX).outerRadius(DONUT_OUTER_RADIUS_PX);

/**
 * Starred vs not starred as a donut (docs/product.md "Dashboard", "Constants"): geometry from d3-shape's pie and arc,
 * inner radius 60, outer 80, #8b5cf6 starred, #cbd5e1 not starred, counts in a legend.
 */
export function StarredDonut({ starred, notStarred }: { starred: number; notStarred: number }) {
  const slices: Slice[] = [
    { key: 'starred', label: 'Starred', count: starred, color: CHART_ACCENT },
    { key: 'not-starred', label: 'Not starred', count: notStarred, color: CHART_MUTED },
  ];
  const half = DONUT_SIZE_PX / 2;
  return (
    <div className="starred-donut">
      <svg
        width={DONUT_SIZE_PX}
        height={DONUT_SIZE_PX}
        viewBox={`${-half} ${-half} ${DONUT_SIZE_PX} ${DONUT_SIZE_PX}`}
        role="img"
        aria-label={`Starred ${starred}, not starred ${notStarred}`}
      >
        {slicesOf(slices).map((s) => (
          <path key={s.data.key} d={arcOf(s) ?? ''} fill={s.data.color} data-slice={s.data.key} data-count={s.data.count}>
            <title>{`${s.data.label}: ${s.data.count}`}</title>
          </path>
        ))}
        <text className="donut-total" textAnchor="middle" dy="0.1em">
          {starred + notStarred}
        </text>
        <text className="donut-total-label" textAnchor="middle" dy="1.6em">
          notes
        </text>
      </svg>
      <ul className="chart-legend" aria-label="Starred notes legend">
        {slices.map((s) => (
          <li key={s.key} data-slice={s.key}>
            <span className="legend-swatch" style={{ background: s.color }} aria-hidden="true" />
            <span className="legend-label">{s.label}</span>
            <span className="legend-count">{s.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
