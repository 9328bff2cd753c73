// Configuration from the environment (README "Functions"): defaults that work offline, clear errors
// for unusable values, and the provider each setting picks.
import { describe, expect, it } from 'vitest';
import { ConfigError, createProvider, DEFAULT_ANON_KEY, DEFAULT_LLM_TIMEOUT_MS, readConfig } from '../../functions/_shared/config.ts';
import { withSupabaseDefaults } from '../../functions/_shared/edgeStores.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

describe('readConfig', () => {
  it('defaults to the local provider and the local anonymous key', () => {
    const config = readConfig(env({}));
    expect(config.provider).toBe('local');
    expect(config.anonKey).toBe(DEFAULT_ANON_KEY);
    expect(DEFAULT_ANON_KEY).toBe('notepad-local-anon-key');
    expect(config.llm.timeoutMs).toBe(DEFAULT_LLM_TIMEOUT_MS);
    expect(createProvider(config).name).toBe('local');
  });

  it('reads the OpenAI-compatible settings, treating empty values as unset', () => {
    const config = readConfig(
      env({
        LLM_PROVIDER: 'OpenAI',
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        LLM_MODEL: 'llama3.2',
        LLM_API_KEY: '',
        LLM_TIMEOUT_MS: '1500',
        FUNCTIONS_ANON_KEY: ' ',
      }),
    );
    expect(config).toEqual({
      anonKey: DEFAULT_ANON_KEY,
      provider: 'openai',
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: '', model: 'llama3.2', timeoutMs: 1500 },
      rateLimit: { max: 30, windowS: 60 },
      proxyIpHeader: null,
    });
    expect(createProvider(config).name).toBe('openai');
  });

  it('refuses an unknown provider, a bad timeout and a base URL that is not http(s), naming the variable', () => {
    expect(() => readConfig(env({ LLM_PROVIDER: 'gpt' }))).toThrow(new ConfigError('LLM_PROVIDER must be "local" or "openai", not "gpt"'));
    for (const timeout of ['0', '-5', '1.5', 'soon']) expect(() => readConfig(env({ LLM_TIMEOUT_MS: timeout }))).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => readConfig(env({ LLM_BASE_URL: 'ftp://x' }))).toThrow(/LLM_BASE_URL/);
  });

  it('reads the rate limit of the AI functions and the proxy header, refusing counts that are not whole numbers above 0', () => {
    const config = readConfig(env({ FUNCTIONS_RATE_MAX: '5', FUNCTIONS_RATE_WINDOW_S: '10', AUTH_PROXY_IP_HEADER: 'X-Forwarded-For' }));
    expect([config.rateLimit, config.proxyIpHeader]).toEqual([{ max: 5, windowS: 10 }, 'x-forwarded-for']);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => readConfig(env({ FUNCTIONS_RATE_MAX: value }))).toThrow(/FUNCTIONS_RATE_MAX/);
      expect(() => readConfig(env({ FUNCTIONS_RATE_WINDOW_S: value }))).toThrow(/FUNCTIONS_RATE_WINDOW_S/);
    }
  });

  it('on Supabase, takes SUPABASE_ANON_KEY when FUNCTIONS_ANON_KEY is unset', () => {
    expect(readConfig(withSupabaseDefaults(env({ SUPABASE_ANON_KEY: 'eyJ-anon' }))).anonKey).toBe('eyJ-anon');
    expect(readConfig(withSupabaseDefaults(env({ SUPABASE_ANON_KEY: 'eyJ-anon', FUNCTIONS_ANON_KEY: 'mine' }))).anonKey).toBe('mine');
  });
});
