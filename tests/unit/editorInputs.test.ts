// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPurifier } from '../../src/services/purifier';
import { emptyTableContent, parseTableInput, TABLE_MAX_COLS, TABLE_MAX_ROWS } from '../../src/ui/editor/tableInput';
import { parseLinkInput } from '../../src/ui/editor/linkInput';
import { parseWidthInput } from '../../src/ui/editor/imageInsert';

// DOMPurify loads on first use in the app; these checks run once it has.
beforeAll(() => loadPurifier());
describe('table prompt answer (docs/product.md "Validation rules")', () => {
  it('reads "rows,cols" with whole numbers above 0, spaces allowed', () => {
    expect(parseTableInput('2,2')).toEqual({ kind: 'size', rows: 2, cols: 2 });
    expect(parseTableInput(' 3 , 4 ')).toEqual({ kind: 'size', rows: 3, cols: 4 });
    expect(parseTableInput('1,1')).toEqual({ kind: 'size', rows: 1, cols: 1 });
  });

  it('treats a cancelled or empty prompt as nothing to do', () => {
    expect(parseTableInput(null)).toEqual({ kind: 'cancel' });
    expect(parseTableInput('')).toEqual({ kind: 'cancel' });
    expect(parseTableInput('   ')).toEqual({ kind: 'cancel' });
  });

  it('refuses zero, negatives, fractions, words and a missing part', () => {
    for (const answer of ['0,2', '2,0', '-1,2', '2.5,2', 'two,2', '2', '2,', ',2', '2,2,2', '2;2', '1e2,2']) {
      expect(parseTableInput(answer), answer).toEqual({ kind: 'invalid' });
    }
  });

  it('refuses tables larger than the limits with their own answer', () => {
    expect(parseTableInput(`${TABLE_MAX_ROWS + 1},2`)).toEqual({ kind: 'too-large' });
    expect(parseTableInput(`2,${TABLE_MAX_COLS + 1}`)).toEqual({ kind: 'too-large' });
    expect(parseTableInput(`${TABLE_MAX_ROWS},${TABLE_MAX_COLS}`)).toEqual({ kind: 'size', rows: TABLE_MAX_ROWS, cols: TABLE_MAX_COLS });
  });

  it('makes a header row plus rows-1 body rows of empty cells', () => {
    const table = emptyTableContent(3, 2);
    expect(table.headerRows).toBe(1);
    expect(table.rows).toHaveLength(3);
    expect(table.rows.every((r) => r.cells.length === 2 && r.cells.every((c) => c.length === 0))).toBe(true);
  });
});

describe('link prompt answer (docs/product.md "Validation rules")', () => {
  it('keeps web, mail and phone addresses and completes bare ones', () => {
    expect(parseLinkInput('https://example.org/a?b=1')).toEqual({ kind: 'url', href: 'https://example.org/a?b=1' });
    expect(parseLinkInput('example.org/page')).toEqual({ kind: 'url', href: 'https://example.org/page' });
    expect(parseLinkInput('localhost:3000/x')).toEqual({ kind: 'url', href: 'https://localhost:3000/x' });
    expect(parseLinkInput('ada@example.org')).toEqual({ kind: 'url', href: 'mailto:ada@example.org' });
    expect(parseLinkInput('tel:+441234')).toEqual({ kind: 'url', href: 'tel:+441234' });
  });

  it('does nothing for an empty or cancelled prompt', () => {
    expect(parseLinkInput(null)).toEqual({ kind: 'cancel' });
    expect(parseLinkInput('  ')).toEqual({ kind: 'cancel' });
  });

  it('refuses script and other non-web schemes with a reason naming the scheme', () => {
    for (const answer of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ]) {
      const input = parseLinkInput(answer);
      expect(input.kind, answer).toBe('refused');
      expect(input.kind === 'refused' && input.reason).toMatch(/links are not allowed/);
    }
  });
});

describe('image width prompt answer (docs/product.md "Validation rules")', () => {
  it('accepts whole pixel numbers only', () => {
    expect(parseWidthInput('400')).toEqual({ kind: 'width', px: 400 });
    expect(parseWidthInput(' 320px ')).toEqual({ kind: 'width', px: 320 });
    for (const answer of ['abc', '12.5', '-3', '0', '1e3', '50%']) expect(parseWidthInput(answer), answer).toEqual({ kind: 'invalid' });
    expect(parseWidthInput(null)).toEqual({ kind: 'cancel' });
    expect(parseWidthInput('')).toEqual({ kind: 'cancel' });
  });
});
