import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { rowDate } from '../../src/ui/sidebar/rowDate';

describe('the sidebar row date', () => {
  it("writes what date-fns format(date, 'P') wrote for it", () => {
    for (const iso of ['2026-11-24T05:06:10.000Z', '2026-01-02T23:59:59.999Z', '1999-12-31T00:00:00.000Z', new Date().toISOString()])
      expect(rowDate(iso)).toBe(format(new Date(iso), 'P'));
  });

  it('throws on an invalid date, as format did', () => {
    expect(() => rowDate('not a date')).toThrow(RangeError);
  });
});
