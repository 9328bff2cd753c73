/**
 * Command-line replay: fold an exported event log with the app's own projection code and
 * print the localStorage keys of docs/product.md "Entities and storage keys" as JSON. Deterministic: the same file gives the same bytes.
 *
 *   npm run replay -- path/to/log.json [--note ID] [--until SEQ] [--organisation]
 *
 * --note ID        print only that note's body (the value of note_{ID}) as a JSON string
 * --until SEQ      fold only the events with seq <= SEQ
 * --organisation   print the notebooks and tags instead, each with its notes (docs/product.md "Notebooks and tags")
 * Exit codes: 0 ok, 1 unreadable or invalid file, 2 bad arguments or unknown note.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LogFileError, parseLogFile, startOf } from '../src/events/logFile';
import { Replay } from '../src/projections/replay';
import { loadChainEngine } from '../src/projections/changes/chainEngine';
import { noteBodyKey, toStorageKeys } from '../src/projections/storageKeys';
import { organisationSummary } from '../src/projections/organisation/organisationSummary';

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { note: { type: 'string' }, until: { type: 'string' }, organisation: { type: 'boolean' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: npm run replay -- log.json [--note ID] [--until SEQ] [--organisation]\n`);
    return 2;
  }
  const [path] = args.positionals;
  if (!path) {
    process.stderr.write('Usage: npm run replay -- log.json [--note ID] [--until SEQ] [--organisation]\n');
    return 2;
  }
  let file;
  try {
    file = parseLogFile(readFileSync(path, 'utf8'));
  } catch (error) {
    process.stderr.write(`${error instanceof LogFileError ? error.message : `Cannot read ${path}: ${(error as Error).message}`}\n`);
    return 1;
  }
  // Changes (note.changed) from two devices merge through Yjs, which runs in Node too.
  await loadChainEngine();
  const replay = new Replay(file.events, startOf(file));
  const until = args.values.until;
  if (until !== undefined && !/^\d+$/.test(until)) {
    process.stderr.write('--until takes a whole number (a seq)\n');
    return 2;
  }
  const state = replay.stateAt(until === undefined ? file.events.length : replay.countUntilSeq(Number(until)));
  if (args.values.organisation) {
    process.stdout.write(`${JSON.stringify(organisationSummary(state.notes), null, 2)}\n`);
    return 0;
  }
  const keys = toStorageKeys(state.notes);
  if (args.values.note !== undefined) {
    const key = noteBodyKey(args.values.note);
    if (!(key in keys)) {
      process.stderr.write(`No note ${args.values.note} in the log at that point\n`);
      return 2;
    }
    process.stdout.write(`${JSON.stringify(keys[key])}\n`);
    return 0;
  }
  process.stdout.write(`${JSON.stringify(keys, null, 2)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
