// Supabase Edge Function / Deno entry of `summarize` (deploy shape: README "Functions").
import { createProvider, providerRateLimit, readConfig } from '../_shared/config.ts';
import type { DenoApi } from '../_shared/deno.ts';
import { withSupabaseDefaults } from '../_shared/edgeStores.ts';
import { createSummarizeHandler } from './handler.ts';

declare const Deno: DenoApi;

const env = withSupabaseDefaults((name) => Deno.env.get(name));
const config = readConfig(env);
Deno.serve(createSummarizeHandler({ anonKey: config.anonKey, provider: createProvider(config), rateLimit: providerRateLimit(config) }));
