/**
 * `npm start` / `npm run serve`: the NotePad host on HOST:PORT (default 127.0.0.1:5173) serving
 * `dist/`, the functions, accounts (/api/auth/*) and sync (/functions/v1/sync/*). Environment: see
 * README "Functions" and docs/sync.md "Configuration".
 */
import { resolve } from 'node:path';
import { startServer } from './app';
import { createFunctions } from './functions';
import { createSyncService } from './sync/wiring';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

const functions = createFunctions(process.env);
const sync = await createSyncService(process.env);
const running = await startServer({
  port,
  host,
  distDir: resolve(process.cwd(), process.env.NOTEPAD_DIST || 'dist'),
  functions,
  sync,
});
console.log(`Sync: accounts and events in ${sync.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : sync.config.syncDbPath}`);
console.log(`NotePad is running at ${running.url}`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
