import { createStyleSpec } from '@blocknote/core';
import { FOLLOW_UP_CLASSES, FONT_SIZES, TEXT_COLORS } from './styleValues';

const span = () => document.createElement('span');

/** `rgb(155, 135, 245)` (how browsers report colours) -> `#9b87f5`; hex passes through. */
function toHex(color: string): string | undefined {
  const rgb = color.match(/^rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)$/);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  return /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
}

/** The NotePad colour whose value equals `color` (case-insensitive), keeping TEXT_COLORS' spelling. */
function specColor(color: string | null | undefined): string | undefined {
  const hex = color ? toHex(color.trim()) : undefined;
  return TEXT_COLORS.find((c) => c.hex.toLowerCase() === hex?.toLowerCase())?.hex;
}

/** Follow-up highlight: `<span class="follow-up bg-yellow-200">`, toggled on a selection (docs/product.md "States and transitions"). */
export const followUpStyle = createStyleSpec(
  { type: 'followUp', propSchema: 'boolean' },
  {
    render: () => {
      const dom = span();
      dom.className = FOLLOW_UP_CLASSES;
      return { dom, contentDOM: dom };
    },
    parse: (el) => (el.classList.contains('follow-up') ? true : undefined),
  },
);

/** Font size as a rem value (docs/product.md "Constants"); reads legacy `<font size="5">` and inline font-size. */
export const fontSizeStyle = createStyleSpec(
  { type: 'fontSize', propSchema: 'string' },
  {
    render: (value) => {
      const dom = span();
      dom.style.fontSize = value ?? '1rem';
      return { dom, contentDOM: dom };
    },
    parse: (el) => {
      if (el.tagName === 'FONT' && el.getAttribute('size')) return FONT_SIZES.find((f) => f.code === el.getAttribute('size'))?.rem;
      return FONT_SIZES.find((f) => f.rem === el.style.fontSize)?.rem;
    },
  },
);

/** Text colour with the exact hex values of docs/product.md "Constants"; reads legacy `<font color>` and inline colour. */
export const colorStyle = createStyleSpec(
  { type: 'color', propSchema: 'string' },
  {
    render: (value) => {
      const dom = span();
      if (value) dom.style.color = value;
      dom.dataset.color = value ?? '';
      return { dom, contentDOM: dom };
    },
    parse: (el) => specColor(el.tagName === 'FONT' ? el.getAttribute('color') : el.style.color),
  },
);
