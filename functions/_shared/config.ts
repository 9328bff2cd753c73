/**
 * Configuration of the functions from environment variables (README "Functions"), read the same way
 * on Node (`process.env`) and Deno (`Deno.env.get`).
 */
import { clientAddress } from './clientAddress.ts';
import type { Logger, RequestRateLimit } from './http.ts';
import { createLocalProvider } from './localProvider.ts';
import { createOpenAiProvider, type OpenAiSettings } from './openaiProvider.ts';
import type { Provider } from './provider.ts';
import { createMemoryRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rateLimit.ts';

/**
 * The anonymous key when FUNCTIONS_ANON_KEY is unset; the app's VITE_FUNCTIONS_KEY defaults to the same.
 * @internal Test seam: used here; the tests read this constant.
 */
export const DEFAULT_ANON_KEY = 'notepad-local-anon-key';
/**
 * Default deadline of one call to an OpenAI-compatible endpoint (local models can be slow).
 * @internal Test seam: used here; the tests read this constant.
 */
export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
const DEFAULT_LLM_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

/** Reads one environment variable; undefined when unset. */
export type EnvReader = (name: string) => string | undefined;

/** What the environment configures. */
export interface FunctionsConfig {
  anonKey: string;
  provider: 'local' | 'openai';
  llm: OpenAiSettings;
  /** Requests of summarize and find-resources together, per client address and window. */
  rateLimit: RateLimitSettings;
  /** The header a trusted proxy names the client in (lower case), or null: the connection's address. */
  proxyIpHeader: string | null;
}

/**
 * A setting that cannot be used; the message names the variable.
 * @public `readConfig` throws it: a host may tell a bad setting apart by class.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads FUNCTIONS_ANON_KEY, LLM_PROVIDER (`local` | `openai`), LLM_BASE_URL, LLM_API_KEY, LLM_MODEL,
 * LLM_TIMEOUT_MS (whole ms > 0), FUNCTIONS_RATE_MAX and FUNCTIONS_RATE_WINDOW_S (whole numbers > 0)
 * and AUTH_PROXY_IP_HEADER. Empty values count as unset.
 * @throws ConfigError for an unknown provider, a bad timeout or rate, or a base URL that is not http(s).
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
  const whole = (name: string, fallback: number): number => {
    const text = get(name);
    const value = text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(value) || value <= 0) throw new ConfigError(`${name} must be a whole number above 0, not "${text}"`);
    return value;
  };
  return {
    anonKey: get('FUNCTIONS_ANON_KEY') ?? DEFAULT_ANON_KEY,
    provider,
    llm: { baseUrl, apiKey: get('LLM_API_KEY') ?? '', model: get('LLM_MODEL') ?? DEFAULT_LLM_MODEL, timeoutMs },
    rateLimit: {
      max: whole('FUNCTIONS_RATE_MAX', DEFAULT_RATE_LIMIT.max),
      windowS: whole('FUNCTIONS_RATE_WINDOW_S', DEFAULT_RATE_LIMIT.windowS),
    },
    proxyIpHeader: get('AUTH_PROXY_IP_HEADER')?.toLowerCase() ?? null,
  };
}

/**
 * The rate limit of the functions that spend the provider's budget (summarize and find-resources
 * share it): the in-memory limiter, counting each request under its client address.
 */
export function providerRateLimit(config: FunctionsConfig): RequestRateLimit {
  return {
    limiter: createMemoryRateLimiter(config.rateLimit),
    clientKey: (req, info) => clientAddress(req, info, config.proxyIpHeader),
  };
}

/** The provider the configuration names (the local one is also the openai provider's fallback). */
export function createProvider(config: FunctionsConfig, log: Logger = console): Provider {
  const local = createLocalProvider();
  return config.provider === 'openai' ? createOpenAiProvider(config.llm, local, log) : local;
}
