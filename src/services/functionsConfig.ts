/**
 * Where the functions client sends its calls (docs/product.md "Calls", "Messages"), read from Vite's build-time variables.
 *
 * "Unset" and "missing" differ on purpose:
 * - a variable that is **not set** at build time gets the working local default (the app's own
 *   origin, which the Node host serves the functions on, and the local anonymous key);
 * - a variable that **is set but blank** (`VITE_FUNCTIONS_URL=` in a deploy's .env), or that holds
 *   an unusable value (not an http(s) URL, a timeout that is not a positive whole number), is
 *   **missing**: a production build throws FunctionsConfigError at start-up, naming the variable;
 *   a development build logs a warning and uses the default so the editor keeps working.
 */

/**
 * Anonymous key of the local host (server env FUNCTIONS_ANON_KEY has the same default).
 * @internal Test seam: used here; the tests read this constant.
 */
export const DEFAULT_FUNCTIONS_KEY = 'notepad-local-anon-key';
/**
 * How long the client waits for a function's answer, in ms. Above the host's default provider
 * timeout (DEFAULT_LLM_TIMEOUT_MS in functions/_shared/config.ts), so a slow provider shows up as the host's 504 with its message.
 * @internal Test seam: used here; the tests read this constant.
 */
export const DEFAULT_FUNCTIONS_TIMEOUT_MS = 45_000;

/** The resolved settings of the functions client. */
export interface FunctionsConfig {
  /** Base URL without a trailing slash; calls go to `{url}/functions/v1/{name}`. */
  url: string;
  /** Sent as `apikey` and `Authorization: Bearer`. */
  key: string;
  /** Request timeout in ms. */
  timeoutMs: number;
}

/** The build-time variables read (a subset of `import.meta.env`). */
export interface FunctionsEnv {
  VITE_FUNCTIONS_URL?: string;
  VITE_FUNCTIONS_KEY?: string;
  VITE_FUNCTIONS_TIMEOUT_MS?: string;
  /** True in production builds. */
  PROD?: boolean;
}

/**
 * A functions variable is set but blank or unusable (thrown in production builds only).
 * @public `resolveFunctionsConfig` throws it: a caller may tell a bad setting apart by class.
 */
export class FunctionsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FunctionsConfigError';
  }
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/**
 * The functions settings for a build: `env` is `import.meta.env`, `origin` the page's origin (the
 * default base URL). Returns the config; in development a problem is reported through `warn`.
 * @throws FunctionsConfigError in production builds when a variable is set but blank or unusable.
 */
export function resolveFunctionsConfig(env: FunctionsEnv, origin: string, warn: (message: string) => void = console.warn): FunctionsConfig {
  const problems: string[] = [];
  const read = <T>(name: keyof FunctionsEnv, fallback: T, parse: (value: string) => T | null, expected: string): T => {
    const raw = env[name];
    if (raw === undefined) return fallback;
    const value = String(raw).trim();
    const parsed = value === '' ? null : parse(value);
    if (parsed === null) {
      problems.push(value === '' ? `${name} is set but empty (${expected})` : `${name} is not ${expected}: ${JSON.stringify(value)}`);
      return fallback;
    }
    return parsed;
  };

  const config: FunctionsConfig = {
    url: read('VITE_FUNCTIONS_URL', origin.replace(/\/+$/, ''), httpUrl, 'an http(s) URL of the functions host'),
    key: read('VITE_FUNCTIONS_KEY', DEFAULT_FUNCTIONS_KEY, (v) => v, 'the anonymous key of the functions host'),
    timeoutMs: read(
      'VITE_FUNCTIONS_TIMEOUT_MS',
      DEFAULT_FUNCTIONS_TIMEOUT_MS,
      (v) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null),
      'a positive number of milliseconds',
    ),
  };
  if (problems.length) {
    const message = `NotePad's AI helpers are misconfigured: ${problems.join('; ')}. Set the variable, or leave it unset to use this host.`;
    if (env.PROD) throw new FunctionsConfigError(message);
    warn(`${message} Using the local default in this development build.`);
  }
  return config;
}
