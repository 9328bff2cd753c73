/**
 * Usage stores for the Deno / Supabase Edge entry (the Node host uses SQLite, server/usageStore.ts):
 * a PostgREST insert into table `app_usage` when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set
 * (Supabase sets both in Edge Functions), else one JSON log line per record.
 */
import type { EnvReader } from './config.ts';
import { HttpError } from './httpError.ts';
import type { UsageRecord, UsageStore } from './usage.ts';

/** Deadline of one insert into the database, in ms. */
const USAGE_INSERT_TIMEOUT_MS = 5_000;

/** Writes each record as a JSON line to the function's log. */
function createLogUsageStore(write: (line: string) => void = console.log): UsageStore {
  return { record: (usage: UsageRecord) => write(JSON.stringify({ usage })) };
}

/**
 * Inserts each record into `{supabaseUrl}/rest/v1/app_usage` (columns at, app_name, source, session_id).
 * @throws HttpError 503 when the database refuses or does not answer in time.
 */
function createPostgrestUsageStore(supabaseUrl: string, serviceKey: string): UsageStore {
  const endpoint = supabaseUrl.replace(/\/+$/, '') + '/rest/v1/app_usage';
  return {
    async record(usage) {
      let ok = false;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            apikey: serviceKey,
            Authorization: `Bearer ${serviceKey}`,
            'Content-Type': 'application/json',
            Prefer: 'return=minimal',
          },
          body: JSON.stringify(usage),
          signal: AbortSignal.timeout(USAGE_INSERT_TIMEOUT_MS),
        });
        ok = response.ok;
        await response.body?.cancel();
      } catch {
        ok = false;
      }
      if (!ok) throw new HttpError(503, 'Usage could not be stored right now');
    },
  };
}

/** The store the Edge entry uses, chosen from the environment (see the module comment). */
export function edgeUsageStore(getEnv: EnvReader): UsageStore {
  const url = getEnv('SUPABASE_URL');
  const key = getEnv('SUPABASE_SERVICE_ROLE_KEY');
  return url && key ? createPostgrestUsageStore(url, key) : createLogUsageStore();
}

/** Supabase names the anonymous key SUPABASE_ANON_KEY: use it when FUNCTIONS_ANON_KEY is unset. */
export function withSupabaseDefaults(getEnv: EnvReader): EnvReader {
  return (name) => getEnv(name) ?? (name === 'FUNCTIONS_ANON_KEY' ? getEnv('SUPABASE_ANON_KEY') : undefined);
}
