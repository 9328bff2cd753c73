/** The date of a sidebar row in the local time zone, as date-fns `format(date, 'P')` writes it in en-US: `MM/dd/yyyy`. */
const ROW_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * A row's date (docs/product.md "Sidebar"). The browser's own formatter: date-fns stays out of the
 * first screen's scripts (the editor and the dashboard load it with their chunks).
 * @throws RangeError for an invalid date, as `format` does.
 */
export function rowDate(iso: string): string {
  return ROW_DATE.format(new Date(iso));
}
