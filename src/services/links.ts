// By subpath, and lightFormat, not format: the editor's chunk holds only these functions, not date-fns' locale tables (scripts/firstScreenChunks.ts).
import { addHours } from 'date-fns/addHours';
import { lightFormat } from 'date-fns/lightFormat';
import { startOfHour } from 'date-fns/startOfHour';
import { PRODUCT_NAME } from './productName';

/** Length of a calendar event (docs/product.md "Constants": "lasts 1 hour"). */
const CALENDAR_EVENT_HOURS = 1;
/** Google Calendar's event-creation page (docs/product.md "Calls"). */
const CALENDAR_TEMPLATE_URL = 'https://calendar.google.com/calendar/render';
/**
 * Where "Create task" sends a task when `VITE_TASK_TOOL_URL` is not set (docs/product.md "Calls").
 * docs/product.md names no tool, so the default is a placeholder address that says so.
 * @internal Test seam: used here; the tests read this constant.
 */
export const TASK_TOOL_URL_DEFAULT = 'https://tasks.example.com/new';
/** Details text of a task hand-off (docs/product.md "Calls"). */
const TASK_DETAILS = `From ${PRODUCT_NAME}`;
/** Priority of a task hand-off (docs/product.md "Calls"). */
const TASK_PRIORITY = 'medium';
/**
 * Longest text put into a calendar link's details: Google answers 400 to very long addresses,
 * so a long note is cut here (with "…") rather than failing to open.
 * @internal Test seam: used here; the tests read this constant.
 */
export const CALENDAR_DETAILS_MAX_CHARS = 4000;

/**
 * The next full hour after `now` in local time (10:15 -> 11:00, 10:00 -> 11:00, 23:30 -> 00:00 the next day).
 * @internal Test seam: used here; the tests call it directly.
 */
export function nextFullHour(now: Date): Date {
  return startOfHour(addHours(now, 1));
}

/**
 * A time as Google Calendar's UTC stamp `yyyyMMddTHHmmssZ`.
 * @internal Test seam: used here; the tests call it directly.
 */
export function calendarStamp(time: Date): string {
  return time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A `mailto:` draft (docs/product.md "Calls"): subject "NotePad Note: {title}", the note's
 * text as the message. Takes the title and body text; returns the URL.
 */
export function mailDraftUrl(title: string, bodyText: string): string {
  // mailto wants %20 for spaces (URLSearchParams would write "+", which mail clients show).
  return `mailto:?subject=${encodeURIComponent(`${PRODUCT_NAME} Note: ${title}`)}&body=${encodeURIComponent(bodyText)}`;
}

/**
 * Google Calendar's event-creation link (docs/product.md "Calls", "Constants"): the title as text,
 * `details` (the selection or the whole note), a one-hour event starting at the next full hour after `now`.
 */
export function calendarEventUrl(title: string, details: string, now: Date): string {
  const start = nextFullHour(now);
  const end = addHours(start, CALENDAR_EVENT_HOURS);
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    details: cut(details, CALENDAR_DETAILS_MAX_CHARS),
    dates: `${calendarStamp(start)}/${calendarStamp(end)}`,
  });
  return `${CALENDAR_TEMPLATE_URL}?${query}`;
}

/**
 * Today's date as the task tool wants it: yyyy-MM-dd in local time (docs/product.md "Calls").
 * @internal Test seam: used here; the tests call it directly.
 */
export function taskDate(now: Date): string {
  return lightFormat(now, 'yyyy-MM-dd');
}

/**
 * The task tool's link (docs/product.md "Calls"): `base` with the query fields meetingname (the
 * note title), task (the selected text), details "From NotePad", priority=medium and taskdate.
 * Query fields already in `base` are kept. @throws TypeError when `base` is not an absolute URL.
 */
export function taskUrl(base: string, title: string, task: string, now: Date): string {
  const url = new URL(base);
  url.searchParams.set('meetingname', title);
  url.searchParams.set('task', task);
  url.searchParams.set('details', TASK_DETAILS);
  url.searchParams.set('priority', TASK_PRIORITY);
  url.searchParams.set('taskdate', taskDate(now));
  return url.href;
}

/** The configured task tool address: `VITE_TASK_TOOL_URL` at build time, else TASK_TOOL_URL_DEFAULT. */
export function taskToolBaseUrl(configured: string | undefined = import.meta.env.VITE_TASK_TOOL_URL): string {
  const value = configured?.trim();
  if (!value) return TASK_TOOL_URL_DEFAULT;
  try {
    return new URL(value).href;
  } catch {
    console.error(`NotePad: VITE_TASK_TOOL_URL is not an absolute URL (${value}); using ${TASK_TOOL_URL_DEFAULT}`);
    return TASK_TOOL_URL_DEFAULT;
  }
}

/** Opens addresses outside the app: new tabs and mail drafts. The browser's, or a test double. */
export interface LinkOpener {
  /** Open `url` in a new tab, without giving it a handle on this page. */
  openInNewTab(url: string): void;
  /** Hand a `mailto:` address to the mail client without leaving the page. */
  openMailDraft(url: string): void;
}

/** The browser's LinkOpener. */
export const browserLinkOpener: LinkOpener = {
  openInNewTab(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  openMailDraft(url) {
    // A clicked mailto link hands off to the mail client and keeps this page (no unload).
    const a = document.createElement('a');
    a.href = url;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
  },
};
