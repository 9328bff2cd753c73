import { isSafeLinkHref } from '../../services/sanitizeBlocks';

/** Prompt of "Create link" (docs/product.md "Validation rules"). */
export const LINK_PROMPT = 'Enter URL:';

/** What an answer to the link prompt means. */
export type LinkInput = { kind: 'cancel' } | { kind: 'refused'; reason: string } | { kind: 'url'; href: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Read the answer to the link prompt: `null` or blank -> cancel (docs/product.md "Validation rules");
 * "example.com/x" -> "https://example.com/x"; "name@example.com" -> mailto:; a URL the note may keep
 * (DOMPurify's URI policy, as for stored notes) -> url; `javascript:`, `data:`, `vbscript:` and
 * other schemes -> refused with the reason to show.
 * @throws PurifierNotLoadedError for a non-blank answer before `loadPurifier()` has resolved.
 */
export function parseLinkInput(answer: string | null): LinkInput {
  const text = answer?.trim() ?? '';
  if (!text) return { kind: 'cancel' };
  let href = text;
  const written = text.match(SCHEME);
  // "localhost:3000/x" has a port, not a scheme; "tel:123" has a scheme.
  const hasScheme = !!written && (['tel', 'mailto'].includes(written[1].toLowerCase()) || !/^\d/.test(text.slice(written[0].length)));
  if (!hasScheme && !text.startsWith('/') && !text.startsWith('#')) {
    href = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text) ? `mailto:${text}` : `https://${text}`;
  }
  const scheme = href.match(SCHEME)?.[1].toLowerCase();
  const allowed = ['http', 'https', 'mailto', 'tel'];
  if ((scheme && !allowed.includes(scheme)) || !isSafeLinkHref(href) || /\s/.test(href)) {
    return {
      kind: 'refused',
      reason:
        scheme && !allowed.includes(scheme)
          ? `“${scheme}:” links are not allowed because they can run code or open local files. Use a web (https://), e-mail (mailto:) or phone (tel:) address.`
          : 'That is not a valid address. Use a web (https://), e-mail (mailto:) or phone (tel:) address.',
    };
  }
  return { kind: 'url', href };
}
