/**
 * The little of Deno's API the entries use, so they type-check under tsc too (each entry declares
 * `declare const Deno: DenoApi`). On Supabase Edge Functions `Deno.serve(handler)` is all an entry
 * needs; run locally, `DENO_SERVE_ADDRESS` (e.g. `tcp:127.0.0.1:0`) picks the address.
 */
import type { FunctionHandler } from './http.ts';

/** Deno.env and Deno.serve as the entries call them. */
export interface DenoApi {
  env: { get(name: string): string | undefined };
  serve(handler: FunctionHandler): unknown;
}
