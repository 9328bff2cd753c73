import type { FunctionsClient } from './functionsClient';
import { FunctionsError } from './functionsError';
import { lazyModule } from './lazyModule';

/**
 * A FunctionsClient that loads the real one (`load`, e.g. a dynamic import of the ky client) on its
 * first call, so ky is not part of the first load (the first call is usage
 * tracking after load and idle, or an AI helper). Calls made while it loads wait for it, each with
 * its own arguments. A load that fails (the chunk could not be fetched: offline without the
 * service worker's cache) fails that call as FunctionsError `offline`, logged like the client's
 * own failures, and the next call tries to load again.
 */
export function lazyFunctionsClient(
  load: () => Promise<FunctionsClient>,
  logError: (message: string) => void = (message) => console.error(message),
): FunctionsClient {
  const real = lazyModule(load);
  const client = async (fn: string): Promise<FunctionsClient> => {
    try {
      return await real.load();
    } catch (error) {
      const failure = new FunctionsError(
        fn,
        'offline',
        `The host cannot be reached (the client could not load: ${error instanceof Error ? error.message : String(error)})`,
      );
      logError(`[functions] ${fn} failed (offline): ${failure.message}`);
      throw failure;
    }
  };
  return {
    summarize: async (text, format) => (await client('summarize')).summarize(text, format),
    findResources: async (text) => (await client('find-resources')).findResources(text),
    trackAppUsage: async (record) => (await client('track-app-usage')).trackAppUsage(record),
  };
}
