/**
 * An event (or its payload) as indented or compact JSON for the replay view, with a payload's
 * BlockNote document left out (the view shows the HTML) and every string longer than `maxChars`
 * cut there, saying its length: a long note's save is megabytes of HTML, which the view would
 * otherwise lay out at every step. For display only; exports keep events whole.
 */
export function eventJson(value: unknown, maxChars: number, indent?: number): string {
  return JSON.stringify(
    value,
    function (this: unknown, key, v: unknown) {
      if (key === 'blocks' && this !== value) return undefined;
      if (typeof v === 'string' && v.length > maxChars) return `${v.slice(0, maxChars)}… (${v.length.toLocaleString()} characters)`;
      return v;
    },
    indent,
  );
}
