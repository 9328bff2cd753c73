/** Styled text as BlockNote stores it. */
export const text = (t: string, styles: Record<string, unknown> = {}) => ({ type: 'text', text: t, styles });

/** A BlockNote block of `type` with `content`; `extra` replaces props, children or anything else. */
export const block = (type: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  type,
  props: {},
  content,
  children: [],
  ...extra,
});
