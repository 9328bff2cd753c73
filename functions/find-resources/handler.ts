/**
 * `find-resources` (docs/product.md "Calls", "Side panels"): POST {text} ->
 * 200 {resources: [{title, url, description}]}, https URLs only, at most MAX_RESOURCES.
 */
import { createJsonFunction, type FunctionHandler, type Logger, type RequestRateLimit } from '../_shared/http.ts';
import type { Provider } from '../_shared/provider.ts';
import { requireText } from '../_shared/textInput.ts';

/** What the find-resources handler is built from. */
export interface FindResourcesDeps {
  anonKey: string;
  provider: Provider;
  maxBodyBytes?: number;
  log?: Logger;
  /** Requests per client address (README "Functions"); none when absent. */
  rateLimit?: RequestRateLimit;
}

/** Creates the find-resources handler. */
export function createFindResourcesHandler(deps: FindResourcesDeps): FunctionHandler {
  return createJsonFunction({
    name: 'find-resources',
    anonKey: deps.anonKey,
    maxBodyBytes: deps.maxBodyBytes,
    log: deps.log,
    rateLimit: deps.rateLimit,
    async handle(body) {
      const { text } = requireText(body, 'search for');
      return { resources: await deps.provider.findResources(text) };
    },
  });
}
