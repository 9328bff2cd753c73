import { describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_DETAILS_MAX_CHARS,
  TASK_TOOL_URL_DEFAULT,
  calendarEventUrl,
  calendarStamp,
  mailDraftUrl,
  nextFullHour,
  taskDate,
  taskToolBaseUrl,
  taskUrl,
} from '../../src/services/links';

/** A local time (the builders work in the user's time zone). */
const local = (y: number, mo: number, d: number, h: number, mi = 0, s = 0, ms = 0) => new Date(y, mo - 1, d, h, mi, s, ms);

describe('next full hour (docs/product.md "Calls", "Constants")', () => {
  it('is the start of the following hour, also from an exact hour', () => {
    expect(nextFullHour(local(2026, 3, 10, 10, 15))).toEqual(local(2026, 3, 10, 11));
    expect(nextFullHour(local(2026, 3, 10, 10, 0, 0, 0))).toEqual(local(2026, 3, 10, 11));
    expect(nextFullHour(local(2026, 3, 10, 10, 59, 59, 999))).toEqual(local(2026, 3, 10, 11));
  });

  it('crosses midnight, the end of a month, February of a leap year and the end of a year', () => {
    expect(nextFullHour(local(2026, 3, 10, 23, 30))).toEqual(local(2026, 3, 11, 0));
    expect(nextFullHour(local(2026, 4, 30, 23, 1))).toEqual(local(2026, 5, 1, 0));
    expect(nextFullHour(local(2028, 2, 28, 23, 45))).toEqual(local(2028, 2, 29, 0));
    expect(nextFullHour(local(2027, 2, 28, 23, 45))).toEqual(local(2027, 3, 1, 0));
    expect(nextFullHour(local(2026, 12, 31, 23, 59))).toEqual(local(2027, 1, 1, 0));
  });
});

describe('calendar link (docs/product.md "Calls")', () => {
  it('opens Google Calendar with the title, the details and a one-hour event from the next full hour', () => {
    const now = local(2026, 12, 31, 23, 20);
    const url = new URL(calendarEventUrl('Plan: Q1 & more', 'Line one\nLine two', now));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Plan: Q1 & more');
    expect(url.searchParams.get('details')).toBe('Line one\nLine two');
    const start = local(2027, 1, 1, 0);
    const end = local(2027, 1, 1, 1);
    expect(url.searchParams.get('dates')).toBe(`${calendarStamp(start)}/${calendarStamp(end)}`);
  });

  it('writes times as UTC stamps yyyyMMddTHHmmssZ', () => {
    expect(calendarStamp(new Date(Date.UTC(2027, 0, 1, 5, 30)))).toBe('20270101T053000Z');
  });

  it('cuts very long details so the address still opens', () => {
    const details = new URL(calendarEventUrl('T', 'x'.repeat(10_000), local(2026, 1, 1, 9))).searchParams.get('details')!;
    expect(details).toHaveLength(CALENDAR_DETAILS_MAX_CHARS);
    expect(details.endsWith('…')).toBe(true);
  });
});

describe('task link (docs/product.md "Calls")', () => {
  it('carries meetingname, task, details "From NotePad", priority=medium and taskdate yyyy-MM-dd', () => {
    const url = new URL(taskUrl('https://tasks.test/new?team=a', 'Weekly sync', 'Send the report', local(2026, 1, 9, 23, 59)));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      team: 'a',
      meetingname: 'Weekly sync',
      task: 'Send the report',
      details: 'From NotePad',
      priority: 'medium',
      taskdate: '2026-01-09',
    });
  });

  it('formats the task date with zero padding at month and year ends', () => {
    expect(taskDate(local(2026, 12, 31, 23, 59))).toBe('2026-12-31');
    expect(taskDate(local(2027, 1, 1, 0, 0))).toBe('2027-01-01');
    expect(taskDate(local(2028, 2, 29, 12))).toBe('2028-02-29');
  });

  it('uses VITE_TASK_TOOL_URL when it is an absolute URL, else the documented default', () => {
    expect(taskToolBaseUrl('https://tool.test/add')).toBe('https://tool.test/add');
    expect(taskToolBaseUrl('')).toBe(TASK_TOOL_URL_DEFAULT);
    expect(taskToolBaseUrl(undefined)).toBe(TASK_TOOL_URL_DEFAULT);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(taskToolBaseUrl('not a url')).toBe(TASK_TOOL_URL_DEFAULT);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('mail draft (docs/product.md "Calls")', () => {
  it('has the subject "NotePad Note: {title}" and the body text, spaces as %20', () => {
    const url = mailDraftUrl('Groceries & more', 'Milk\nEggs 100%');
    expect(url).toBe('mailto:?subject=NotePad%20Note%3A%20Groceries%20%26%20more&body=Milk%0AEggs%20100%25');
    const query = new URLSearchParams(url.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('NotePad Note: Groceries & more');
    expect(query.get('body')).toBe('Milk\nEggs 100%');
  });
});
