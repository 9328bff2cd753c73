// Supabase Edge Function / Deno entry of `find-resources` (deploy shape: README "Functions").
import { createProvider, providerRateLimit, readConfig } from '../_shared/config.ts';
import type { DenoApi } from '../_shared/deno.ts';
import { withSupabaseDefaults } from '../_shared/edgeStores.ts';
import { createFindResourcesHandler } from './handler.ts';

declare const Deno: DenoApi;

const env = withSupabaseDefaults((name) => Deno.env.get(name));
const config = readConfig(env);
Deno.serve(createFindResourcesHandler({ anonKey: config.anonKey, provider: createProvider(config), rateLimit: providerRateLimit(config) }));
