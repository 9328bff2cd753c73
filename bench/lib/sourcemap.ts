import { readFileSync } from 'node:fs';

/** An original position for a generated one. */
export interface OriginalPosition {
  source: string;
  line: number;
  column: number;
  /** The enclosing source line (for naming the function). */
  text: string;
}

interface RawMap {
  sources: string[];
  sourcesContent?: (string | null)[];
  mappings: string;
}

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Decode one VLQ segment ("AAgBC") into its numbers. */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.get(ch) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * A decoded source map (v3) that answers "which original line is generated line:column?",
 * so CPU profiles of the minified bundle name NotePad's and the libraries' own functions.
 */
export class SourceMap {
  private readonly lines: number[][][] = [];
  private readonly sources: string[];
  private readonly contents: string[][];

  constructor(raw: RawMap) {
    // Paths like ../../node_modules/@blocknote/core/src/x.ts or ../../src/ui/App.tsx: keep from the project root on.
    this.sources = raw.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
    this.contents = (raw.sourcesContent ?? []).map((c) => (c ?? '').split('\n'));
    let src = 0, line = 0, col = 0;
    for (const generatedLine of raw.mappings.split(';')) {
      let genCol = 0;
      const segs: number[][] = [];
      for (const s of generatedLine.split(',')) {
        if (!s) continue;
        const d = decodeSegment(s);
        genCol += d[0];
        if (d.length >= 4) {
          src += d[1];
          line += d[2];
          col += d[3];
          segs.push([genCol, src, line, col]);
        }
      }
      this.lines.push(segs);
    }
  }

  /** Load a `.map` file. */
  static fromFile(path: string): SourceMap {
    return new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as RawMap);
  }

  /** Original position of generated (0-based) line and column, or null when unmapped. */
  lookup(line: number, column: number): OriginalPosition | null {
    const segs = this.lines[line];
    if (!segs?.length) return null;
    let lo = 0, hi = segs.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segs[mid][0] <= column) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return null;
    const [, src, l, c] = segs[found];
    return { source: this.sources[src] ?? '?', line: l, column: c, text: this.contents[src]?.[l] ?? '' };
  }
}
