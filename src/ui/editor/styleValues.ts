/*
 * The values of NotePad's text styles, apart from their BlockNote specs (styles.ts), so the
 * toolbar's commands and the shortcuts list can name them without loading the editor.
 */

/** Font sizes of docs/product.md "Validation rules", "Constants": the original app's execCommand size codes and their rem values. */
export const FONT_SIZES = [
  { code: '1', label: 'Small', rem: '0.75rem' },
  { code: '3', label: 'Normal', rem: '1rem' },
  { code: '5', label: 'Large', rem: '1.25rem' },
  { code: '7', label: 'Extra Large', rem: '1.5rem' },
] as const;

/** Text colours of docs/product.md "Constants", exact values (BlockNote's own palette differs). */
export const TEXT_COLORS = [
  { label: 'Black', hex: '#000000' },
  { label: 'Purple', hex: '#9b87f5' },
  { label: 'Blue', hex: '#0EA5E9' },
  { label: 'Green', hex: '#10B981' },
  { label: 'Red', hex: '#ea384c' },
  { label: 'Orange', hex: '#F97316' },
] as const;

/** Classes of a follow-up item (docs/product.md "Entities and storage keys"). */
export const FOLLOW_UP_CLASSES = 'follow-up bg-yellow-200';
