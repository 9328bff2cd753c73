// Supabase Edge Function / Deno entry of `track-app-usage` (deploy shape: README "Functions").
import { readConfig } from '../_shared/config.ts';
import type { DenoApi } from '../_shared/deno.ts';
import { edgeUsageStore, withSupabaseDefaults } from '../_shared/edgeStores.ts';
import { createTrackUsageHandler } from './handler.ts';

declare const Deno: DenoApi;

const env = withSupabaseDefaults((name) => Deno.env.get(name));
Deno.serve(createTrackUsageHandler({ anonKey: readConfig(env).anonKey, store: edgeUsageStore(env) }));
