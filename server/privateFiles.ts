/**
 * The host's data is its owner's alone (docs/sync.md "Configuration"): folders the host creates for
 * its databases and secret are mode 0700, the database files 0600, and SQLite's `-wal`, `-shm` and
 * `-journal` files beside them 0600 too.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** Mode of the folders the host creates. */
const PRIVATE_DIR_MODE = 0o700;
/** Mode of the host's data files. */
const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` and any missing parent with mode 0700 (an existing folder keeps its mode). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes the SQLite database at `path` private before it is opened: its folder as makePrivateDir,
 * the file created 0600 when missing (SQLite gives its `-wal` and `-shm` files the database
 * file's mode), and the file and its companions set to 0600 when they exist. `:memory:` is left alone.
 * @throws when the folder or file cannot be created or changed.
 */
export function preparePrivateDatabase(path: string): void {
  if (path === ':memory:') return;
  makePrivateDir(dirname(path));
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}
