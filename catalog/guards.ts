/**
 * The one check of an unknown JSON value before its fields are read (docs/architecture.md "Rules a
 * machine checks"): shared by the app, the host and the catalog's own readers.
 */

/** True when `x` is a non-null object that is not an array: a JSON object whose fields may be read. */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
