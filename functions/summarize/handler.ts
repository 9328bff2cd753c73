/**
 * `summarize` (docs/product.md "AI helpers", "Side panels"): POST {text, format?: "bullets"} ->
 * 200 {summary}. Bullets: one sentence per line, each starting with "• ".
 */
import { createJsonFunction, type FunctionHandler, type Logger, type RequestRateLimit } from '../_shared/http.ts';
import { HttpError } from '../_shared/httpError.ts';
import type { Provider, SummaryFormat } from '../_shared/provider.ts';
import { requireText } from '../_shared/textInput.ts';

/** What the summarize handler is built from. */
export interface SummarizeDeps {
  anonKey: string;
  provider: Provider;
  maxBodyBytes?: number;
  log?: Logger;
  /** Requests per client address (README "Functions"); none when absent. */
  rateLimit?: RequestRateLimit;
}

/** The checked input of summarize. @throws HttpError 400 on a bad body. */
function parseSummarizeBody(body: unknown): { text: string; format: SummaryFormat } {
  const { text, fields } = requireText(body, 'summarize');
  const format = fields.format ?? 'paragraph';
  if (format !== 'paragraph' && format !== 'bullets') throw new HttpError(400, '"format" must be "bullets" (or "paragraph", the default)');
  return { text, format };
}

/** Creates the summarize handler. */
export function createSummarizeHandler(deps: SummarizeDeps): FunctionHandler {
  return createJsonFunction({
    name: 'summarize',
    anonKey: deps.anonKey,
    maxBodyBytes: deps.maxBodyBytes,
    log: deps.log,
    rateLimit: deps.rateLimit,
    async handle(body) {
      const { text, format } = parseSummarizeBody(body);
      return { summary: await deps.provider.summarize(text, format) };
    },
  });
}
