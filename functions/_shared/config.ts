/**
 * Configuration of the functions from environment variables (README "Functions"), read the same way
 * on Node (`process.env`) and Deno (`Deno.env.get`).
 */
import type { Logger } from './http.ts';
import { createLocalProvider } from './localProvider.ts';
import { createOpenAiProvider, type OpenAiSettings } from './openaiProvider.ts';
import type { Provider } from './provider.ts';

/** The anonymous key when FUNCTIONS_ANON_KEY is unset; the app's VITE_FUNCTIONS_KEY defaults to the same. */
export const DEFAULT_ANON_KEY = 'notepad-local-anon-key';
/** Default deadline of one call to an OpenAI-compatible endpoint (local models can be slow). */
export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
export const DEFAULT_LLM_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

/** Reads one environment variable; undefined when unset. */
export type EnvReader = (name: string) => string | undefined;

/** What the environment configures. */
export interface FunctionsConfig {
  anonKey: string;
  provider: 'local' | 'openai';
  llm: OpenAiSettings;
}

/** A setting that cannot be used; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads FUNCTIONS_ANON_KEY, LLM_PROVIDER (`local` | `openai`), LLM_BASE_URL, LLM_API_KEY, LLM_MODEL
 * and LLM_TIMEOUT_MS (whole ms > 0). Empty values count as unset.
 * @throws ConfigError for an unknown provider, a bad timeout or a base URL that is not http(s).
 */
export function readConfig(getEnv: EnvReader): FunctionsConfig {
  const get = (name: string) => {
    const value = getEnv(name)?.trim();
    return value ? value : undefined;
  };
  const provider = (get('LLM_PROVIDER') ?? 'local').toLowerCase();
  if (provider !== 'local' && provider !== 'openai') {
    throw new ConfigError(`LLM_PROVIDER must be "local" or "openai", not "${provider}"`);
  }
  const timeoutText = get('LLM_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? DEFAULT_LLM_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new ConfigError(`LLM_TIMEOUT_MS must be a whole number of milliseconds above 0, not "${timeoutText}"`);
  const baseUrl = get('LLM_BASE_URL') ?? DEFAULT_LLM_BASE_URL;
  if (!/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new ConfigError(`LLM_BASE_URL must be an http(s) URL, not "${baseUrl}"`);
  return {
    anonKey: get('FUNCTIONS_ANON_KEY') ?? DEFAULT_ANON_KEY,
    provider,
    llm: { baseUrl, apiKey: get('LLM_API_KEY') ?? '', model: get('LLM_MODEL') ?? DEFAULT_LLM_MODEL, timeoutMs },
  };
}

/** The provider the configuration names (the local one is also the openai provider's fallback). */
export function createProvider(config: FunctionsConfig, log: Logger = console): Provider {
  const local = createLocalProvider();
  return config.provider === 'openai' ? createOpenAiProvider(config.llm, local, log) : local;
}
