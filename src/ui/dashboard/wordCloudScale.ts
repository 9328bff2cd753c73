/** Word-cloud font sizes of docs/product.md "Constants" (CSS px). */
const CLOUD_MIN_FONT_PX = 14;
const CLOUD_MAX_FONT_PX = 40;

/**
 * Font size (CSS px) for a word used `count` times when the shown words range from `minCount`
 * to `maxCount`: linear from 14 px (least used) to 40 px (most used); all equal -> the middle size.
 */
export function cloudFontSizePx(count: number, minCount: number, maxCount: number): number {
  if (maxCount <= minCount) return Math.round((CLOUD_MIN_FONT_PX + CLOUD_MAX_FONT_PX) / 2);
  const t = (count - minCount) / (maxCount - minCount);
  return Math.round(CLOUD_MIN_FONT_PX + t * (CLOUD_MAX_FONT_PX - CLOUD_MIN_FONT_PX));
}
