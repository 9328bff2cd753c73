import type { FunctionHandler } from './app';

/**
 * The functions the host serves, by name (SPEC.md §7), configured from the environment.
 * Returns an empty set until the handlers in functions/ are wired here.
 */
export function createFunctions(_env: NodeJS.ProcessEnv): Record<string, FunctionHandler> {
  return {};
}
