/**
 * The URL to link to for a suggested resource, or null when it must not become a link (resource
 * URLs come from an AI provider and are an injection path). Only absolute http(s) URLs
 * pass; javascript:, data:, relative and malformed URLs do not. Returns the parsed, normalized href.
 */
export function safeResourceHref(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
