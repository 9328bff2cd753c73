import type { FunctionsClient } from './functionsClient';
import { resolveFunctionsConfig } from './functionsConfig';
import { lazyFunctionsClient } from './lazyFunctionsClient';

let client: FunctionsClient | null = null;

/**
 * The app's functions client, configured from `VITE_FUNCTIONS_URL`, `VITE_FUNCTIONS_KEY` and
 * `VITE_FUNCTIONS_TIMEOUT_MS` (README "AI helpers and usage tracking"). main.tsx calls it at
 * start-up, so a misconfigured production build fails there with a clear message; the ky client
 * itself loads on the first call, so it is not part of the first load.
 * @throws FunctionsConfigError in production builds when a variable is set but blank or unusable.
 */
export function appFunctionsClient(): FunctionsClient {
  if (!client) {
    const config = resolveFunctionsConfig(import.meta.env, window.location.origin);
    client = lazyFunctionsClient(() => import('./functionsClient').then((m) => m.createFunctionsClient(config)));
  }
  return client;
}
