/** Chart colours of docs/product.md "Constants": bars and starred slice, and the not-starred slice. */
export const CHART_ACCENT = '#8b5cf6';
export const CHART_MUTED = '#cbd5e1';
