// d3-shape 3.x comes with Plot (through d3) and ships no types; @types/d3-shape is not installed
// (no `npm install` in the shared tree). These are the signatures the donut uses, from d3-shape's README.
declare module 'd3-shape' {
  export interface PieArcDatum<T> {
    data: T;
    value: number;
    index: number;
    startAngle: number;
    endAngle: number;
    padAngle: number;
  }
  export interface Pie<T> {
    (data: readonly T[]): PieArcDatum<T>[];
    value(accessor: (d: T, i: number, data: readonly T[]) => number): this;
    sort(comparator: null): this;
    padAngle(angle: number): this;
  }
  export function pie<T>(): Pie<T>;

  export interface Arc<T> {
    (d: T): string | null;
    innerRadius(radius: number): this;
    outerRadius(radius: number): this;
    cornerRadius(radius: number): this;
    centroid(d: T): [number, number];
  }
  export function arc<T>(): Arc<T>;
}
