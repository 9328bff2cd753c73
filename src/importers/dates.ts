/*
 * The dates sources write, as ms since 1970 (UTC), parsed with date-fns (docs/product.md "What each
 * format keeps"). Each returns null for a date it cannot read, so the reader can say so.
 */
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { parseISO } from 'date-fns/parseISO';

/** Years a note's date may fall in; outside them a date is taken for damage, not for a note's time. */
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(2200, 0, 1);

function plausible(ms: number): number | null {
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS ? ms : null;
}

/** Evernote's `YYYYMMDDTHHMMSSZ` (UTC), e.g. `20230105T102000Z`; null when it is not one. */
export function parseEnexDate(text: string): number | null {
  if (!/^\d{8}T\d{6}Z$/.test(text)) return null;
  const date = parse(text, "yyyyMMdd'T'HHmmssX", new Date(0));
  return isValid(date) ? plausible(date.getTime()) : null;
}

/**
 * A front matter or JSON date: an ISO 8601 string ("2023-01-05T10:20:00Z", or "2023-01-05 10:20" in local
 * time as Obsidian's templates write it), a Date, or a number of ms (seconds when below 10^11).
 */
export function parseLooseDate(value: unknown): number | null {
  if (value instanceof Date) return plausible(value.getTime());
  if (typeof value === 'number') return plausible(value < 1e11 ? value * 1000 : value);
  if (typeof value !== 'string' || !value.trim()) return null;
  const date = parseISO(value.trim());
  return isValid(date) ? plausible(date.getTime()) : null;
}

/** Microseconds since 1970 as Google Keep writes them (a number or a digit string), in ms. */
export function parseMicroseconds(value: unknown): number | null {
  const micros = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof micros === 'number' ? plausible(Math.floor(micros / 1000)) : null;
}
