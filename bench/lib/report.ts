import { summarize, type Summary } from './stats';

/** One benchmark figure with its target and verdict (`pass` null: printed for information only). */
export interface Figure {
  name: string;
  unit: string;
  notepad: Summary | null;
  baseline: Summary | null;
  /** What the target is checked against: a ratio, a difference or an absolute value. */
  value: number | null;
  display: string;
  target: string;
  pass: boolean | null;
  note?: string;
}

const fmt = (n: number | null | undefined, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(digits));

/** A figure judged by the ratio NotePad/baseline of the medians. */
export function ratioFigure(name: string, unit: string, np: number[], bl: number[], maxRatio: number, note?: string): Figure {
  const notepad = summarize(np);
  const baseline = summarize(bl);
  const value = np.length && bl.length ? notepad.median / baseline.median : null;
  return {
    name,
    unit,
    notepad,
    baseline,
    value,
    display: `${fmt(value, 2)}x`,
    target: `<= ${maxRatio}x`,
    pass: value === null ? false : value <= maxRatio,
    note,
  };
}

/** A figure judged by NotePad's median against an absolute limit. */
export function limitFigure(name: string, unit: string, np: number[], max: number | null, note?: string): Figure {
  const notepad = summarize(np);
  const value = np.length ? notepad.median : null;
  return {
    name,
    unit,
    notepad,
    baseline: null,
    value,
    display: `${fmt(value, unit === 'rows' ? 0 : 1)} ${unit}`,
    target: max === null ? 'info' : `<= ${max} ${unit}`,
    pass: max === null ? null : value === null ? false : value <= max,
    note,
  };
}

/** Print every figure with raw medians, min-max and ratio, then one summary line per judged figure. */
export function printFigures(figures: readonly Figure[]): void {
  console.log('\n== Figures (median of runs [min-max]) ==');
  for (const f of figures) {
    const side = (label: string, s: Summary | null) =>
      s ? `${label} ${fmt(s.median)} [${fmt(s.min)}-${fmt(s.max)}] ${f.unit} (n=${s.n})` : '';
    const parts = [side('NotePad', f.notepad), side('baseline', f.baseline)].filter(Boolean).join('  |  ');
    const shown = f.baseline ? `  ratio NotePad/baseline ${f.display}` : f.notepad ? '' : f.display;
    console.log(`${f.name.padEnd(32)} ${parts}${shown}${f.note ? `\n${' '.repeat(33)}${f.note}` : ''}`);
  }
  console.log('\n== Summary: name value target PASS|FAIL ==');
  for (const f of figures.filter((x) => x.pass !== null))
    console.log(`${f.name} ${f.display.replace(/ /g, '')} ${f.target.replace(/ /g, '')} ${f.pass ? 'PASS' : 'FAIL'}`);
}
