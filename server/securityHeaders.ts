/**
 * The origin of `VITE_FUNCTIONS_URL` when the app calls its functions on another host (README "AI
 * helpers and usage tracking"), for connect-src; '' when unset or not an http(s) URL. The host
 * reads the same variable the build did, so set it for both.
 * @internal Test seam: used here; the tests call it directly.
 */
export function functionsOrigin(url = process.env.VITE_FUNCTIONS_URL): string {
  try {
    const parsed = new URL(url?.trim() ?? '');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : '';
  } catch {
    return '';
  }
}

/**
 * Content Security Policy of the served app: no inline script, connections only to this
 * origin (the functions are served here) plus the functionsOrigin() if set, images from this
 * origin, data: and blob: (note images). Inline styles stay allowed: BlockNote and Mantine set style attributes.
 * WebAssembly may be compiled ('wasm-unsafe-eval', which allows no JavaScript eval): Argon2id runs in
 * WASM at sign-in (docs/sync.md "Keys").
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${functionsOrigin() ? ` ${functionsOrigin()}` : ''}`,
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Content Security Policy of a shared note's page (docs/sync.md "Shared links"): its own scripts and
 * styles only (no inline script or style), connections to this origin only (the sealed copy),
 * images from data: URLs only (a note's images travel inside it), WebAssembly for a link's password
 * (Argon2id), nothing else: no request leaves for any other origin, and the page cannot be framed.
 */
export const SHARE_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  'img-src data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer carries. */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), microphone=(self)',
};
