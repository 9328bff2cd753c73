/**
 * The provider interface behind summarize and find-resources (docs/architecture.md "Functions and host"):
 * `local` (offline NLP) or `openai` (any OpenAI-compatible chat-completions endpoint).
 */

/** docs/product.md "Side panels": a paragraph, or one sentence per line starting with "• ". */
export type SummaryFormat = 'paragraph' | 'bullets';

/** docs/product.md "Entities and storage keys". */
export interface Resource {
  title: string;
  url: string;
  description: string;
}

/** What both providers do. Both may throw ProviderError. */
export interface Provider {
  readonly name: 'local' | 'openai';
  /** A summary of `text` in `format`; never empty for non-empty text. */
  summarize(text: string, format: SummaryFormat): Promise<string>;
  /** Links about `text`: https only, at most MAX_RESOURCES. */
  findResources(text: string): Promise<Resource[]>;
}

/** How a provider failed: `timeout` -> 504, `failure` and `invalid` -> 502. */
export type ProviderErrorKind = 'timeout' | 'failure' | 'invalid';

/** A provider that did not give a usable answer. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** docs/product.md "Side panels": most links returned by one call. */
export const MAX_RESOURCES = 8;

/** docs/product.md "Constants": the prefix of each bullet line. */
const BULLET_PREFIX = '• ';

/** Formats sentences as the recap's paragraph or bullet lines. */
export function formatSummary(sentences: readonly string[], format: SummaryFormat): string {
  return format === 'bullets' ? sentences.map((s) => BULLET_PREFIX + s).join('\n') : sentences.join(' ');
}
