/**
 * The secret that signs session cookies (docs/sync.md "Configuration"): AUTH_SECRET when set,
 * otherwise one generated once and kept in a file beside the databases, so `npm start` needs no
 * set-up and sessions survive restarts. Hosts started together agree: the file is created
 * atomically (written aside, then linked into place), and a host that loses the race reads it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makePrivateDir } from './privateFiles';

/** Shortest accepted secret, in characters. */
const MIN_SECRET_LENGTH = 32;

/**
 * The secret: `fromEnv` when given, else the content of `file`, created with 32 random bytes
 * (base64url, mode 0600) when missing.
 * @throws when `fromEnv` is shorter than 32 characters, or the file cannot be read or created.
 */
export function loadAuthSecret(fromEnv: string | undefined, file: string): string {
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH) throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return fromEnv;
  }
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDir(dirname(file));
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, randomBytes(32).toString('base64url') + '\n', { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete it or set AUTH_SECRET`);
  return secret;
}
