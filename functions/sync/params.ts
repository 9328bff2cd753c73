/**
 * Fields and query parameters shared by the sync endpoints (docs/sync.md "Endpoints").
 */
import { HttpError } from '../_shared/httpError.ts';
import { DEVICE_ID_PATTERN } from './syncLimits.ts';

/** `value` as a device id. @throws HttpError 400 unless 8-64 characters of `[A-Za-z0-9_-]`. */
export function requireDeviceId(value: unknown): string {
  if (typeof value !== 'string' || !DEVICE_ID_PATTERN.test(value)) {
    throw new HttpError(400, 'deviceId must be 8-64 characters of A-Z, a-z, 0-9, _ and -');
  }
  return value;
}

/**
 * A whole-number query parameter within [min, max], or `fallback` when absent.
 * @throws HttpError 400 for anything else (decimals, signs, exponents, values out of range).
 */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new HttpError(400, `${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** A non-negative safe integer field. @throws HttpError 400 otherwise. */
export function requireCount(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new HttpError(400, `${name} must be a whole number of 0 or more`);
  return value;
}

/** True when `text` holds a control character (C0, DEL or C1). */
export function hasControlCharacter(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}

/**
 * True when `text` holds a bidirectional formatting character (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069): they reorder what follows, so a name could pass for another in
 * History (docs/sync.md "device and devices").
 */
export function hasBidiControl(text: string): boolean {
  return /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
}
