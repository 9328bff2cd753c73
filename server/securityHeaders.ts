/**
 * The origin of `VITE_FUNCTIONS_URL` when the app calls its functions on another host (README "AI
 * helpers and usage tracking"), for connect-src; '' when unset or not an http(s) URL. The host
 * reads the same variable the build did, so set it for both.
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

/** Headers every answer carries. */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), geolocation=(), microphone=(self)',
};
