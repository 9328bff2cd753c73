/**
 * The functions the Node host serves (docs/product.md "Calls"), wired from the environment:
 * the provider named by LLM_PROVIDER (README "Functions"), the anonymous key FUNCTIONS_ANON_KEY,
 * and usage records in the SQLite file USAGE_DB_PATH.
 */
import { createFindResourcesHandler } from '../functions/find-resources/handler.ts';
import { createProvider, providerRateLimit, readConfig } from '../functions/_shared/config.ts';
import { createSummarizeHandler } from '../functions/summarize/handler.ts';
import { createTrackUsageHandler } from '../functions/track-app-usage/handler.ts';
import type { FunctionHandler } from '../functions/_shared/http.ts';
import { DEFAULT_USAGE_DB_PATH, openUsageStore } from './usageStore';

/**
 * The handlers by name: `summarize`, `find-resources`, `track-app-usage`.
 * Opens (creating) the usage database; the English model loads on the first request.
 * @throws ConfigError for unusable LLM_* settings; an error when the database cannot be opened.
 */
export function createFunctions(env: NodeJS.ProcessEnv): Record<string, FunctionHandler> {
  const config = readConfig((name) => env[name]);
  const provider = createProvider(config);
  const store = openUsageStore(env.USAGE_DB_PATH?.trim() || DEFAULT_USAGE_DB_PATH);
  // One limit for both: each spends the provider's budget.
  const rateLimit = providerRateLimit(config);
  return {
    summarize: createSummarizeHandler({ anonKey: config.anonKey, provider, rateLimit }),
    'find-resources': createFindResourcesHandler({ anonKey: config.anonKey, provider, rateLimit }),
    'track-app-usage': createTrackUsageHandler({ anonKey: config.anonKey, store }),
  };
}
