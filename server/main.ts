/**
 * `npm start` / `npm run serve`: the NotePad host on HOST:PORT (default 127.0.0.1:5173) serving
 * `dist/` and the functions. Environment: see README "Functions".
 */
import { resolve } from 'node:path';
import { startServer } from './app';
import { createFunctions } from './functions';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

const running = await startServer({
  port,
  host,
  distDir: resolve(process.cwd(), process.env.NOTEPAD_DIST || 'dist'),
  functions: createFunctions(process.env),
});
console.log(`NotePad is running at ${running.url}`);

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
