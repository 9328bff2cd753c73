/** Prompt text and default answer of "Insert table" (docs/product.md "Validation rules", "Constants"). */
export const TABLE_PROMPT = 'Enter rows,cols';
export const TABLE_DEFAULT_INPUT = '2,2';
/** Largest table the prompt makes (docs/product.md "Choices where the original specification was silent": a bigger one is a typo more often than a wish). */
export const TABLE_MAX_ROWS = 100;
export const TABLE_MAX_COLS = 20;

/** What an answer to the table prompt means. */
export type TableInput = { kind: 'cancel' } | { kind: 'invalid' } | { kind: 'too-large' } | { kind: 'size'; rows: number; cols: number };

/**
 * Read the answer to the table prompt (docs/product.md "Validation rules"): `null` (cancelled) or blank -> cancel;
 * "rows,cols" with both whole numbers above 0 -> size; anything else -> invalid; more than
 * TABLE_MAX_ROWS rows or TABLE_MAX_COLS columns -> too-large. Spaces around the parts are allowed.
 */
export function parseTableInput(answer: string | null): TableInput {
  if (answer === null || answer.trim() === '') return { kind: 'cancel' };
  const match = answer.trim().match(/^(\d+)\s*,\s*(\d+)$/);
  if (!match) return { kind: 'invalid' };
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols) || rows < 1 || cols < 1) return { kind: 'invalid' };
  if (rows > TABLE_MAX_ROWS || cols > TABLE_MAX_COLS) return { kind: 'too-large' };
  return { kind: 'size', rows, cols };
}

/**
 * BlockNote table content for `rows` x `cols` (docs/product.md "Validation rules"):
 * the first row is the header row, every cell empty.
 */
export function emptyTableContent(rows: number, cols: number) {
  return {
    type: 'tableContent' as const,
    headerRows: 1,
    rows: Array.from({ length: rows }, () => ({ cells: Array.from({ length: cols }, () => [] as never[]) })),
  };
}
