import { resolve } from 'node:path';
import type { FunctionHandler } from '../../functions/_shared/http.ts';
import { startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';

/** The build the e2e run serves (scripts/test.mjs builds into NOTEPAD_DIST). */
export const DIST = resolve(process.env.NOTEPAD_DIST || 'dist');

/** One function call as the host received it. */
interface ReceivedCall {
  fn: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A host started by a test, with every function call it received. */
export interface RecordingHost extends RunningHost {
  calls: ReceivedCall[];
  /** The calls of function `fn`. */
  callsOf(fn: string): ReceivedCall[];
}

/**
 * Starts the real Node host on 127.0.0.1 (a free port) serving the e2e build and `functions`
 * (default: the real functions with `env`, usage kept in memory), and records each call's JSON
 * body and headers as the host received them. Chromium does not report the bodies of fetch()
 * calls made with a Request object (ky makes those), so tests read them here, on the wire's end.
 */
export async function startRecordingHost(
  options: { env?: NodeJS.ProcessEnv; functions?: Record<string, FunctionHandler> } = {},
): Promise<RecordingHost> {
  const functions = options.functions ?? createFunctions({ ...process.env, USAGE_DB_PATH: ':memory:', ...options.env });
  const calls: ReceivedCall[] = [];
  const recorded = Object.fromEntries(
    Object.entries(functions).map(([fn, handler]): [string, FunctionHandler] => [
      fn,
      async (req) => {
        if (req.method === 'POST') {
          let body: unknown = null;
          try {
            body = await req.clone().json();
          } catch {
            body = undefined;
          }
          calls.push({ fn, body, headers: Object.fromEntries(req.headers) });
        }
        return handler(req);
      },
    ]),
  );
  const host = await startServer({ port: 0, host: '127.0.0.1', distDir: DIST, functions: recorded });
  return { ...host, calls, callsOf: (fn) => calls.filter((c) => c.fn === fn) };
}
