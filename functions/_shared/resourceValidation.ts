/**
 * Checks resource lists that come from outside (the `openai` provider): each item needs a title,
 * an https URL (no credentials, a dotted host name) and a description; text is trimmed and capped,
 * duplicates and items past MAX_RESOURCES are dropped: nothing from a provider is trusted as it comes.
 */
import { MAX_RESOURCES, type Resource } from './provider.ts';

/** Longest resource title kept (characters); longer ones are cut. */
const MAX_TITLE_CHARS = 200;
/** Longest resource description kept (characters); longer ones are cut. */
const MAX_DESCRIPTION_CHARS = 500;
/** Longest resource URL accepted (characters); a longer one drops the item. */
const MAX_URL_CHARS = 2048;

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const clean = value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > max ? clean.slice(0, max - 1).trimEnd() + '…' : clean;
};

/**
 * The URL normalized when it is an acceptable https link, else null.
 * @internal Test seam: used here; the tests call it directly.
 */
export function safeHttpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || /^[\d.]+$/.test(url.hostname)) return null;
  return url.href;
}

/** The valid resources of an untrusted list (at most MAX_RESOURCES); [] when none is valid. */
export function validateResources(items: unknown): Resource[] {
  if (!Array.isArray(items)) return [];
  const resources: Resource[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (resources.length >= MAX_RESOURCES) break;
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const url = safeHttpsUrl(record.url);
    const title = text(record.title, MAX_TITLE_CHARS);
    const description = text(record.description, MAX_DESCRIPTION_CHARS) ?? '';
    if (!url || !title || seen.has(url)) continue;
    seen.add(url);
    resources.push({ title, url, description });
  }
  return resources;
}
