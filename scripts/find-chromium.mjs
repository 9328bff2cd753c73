// Locates a Chromium for Playwright. `npx playwright install` cannot download browsers on these
// machines, so the tests drive the distribution's Chromium instead
// (docs/architecture.md "Tests and benchmarks").
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Paths tried, in order, when CHROMIUM_PATH is not set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const NOT_FOUND_MESSAGE =
  'Chromium not found. Install it with: sudo apt-get install -y chromium, or set CHROMIUM_PATH=/path/to/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True on Debian, Ubuntu and their derivatives (where the `chromium` apt package exists). */
function isDebianLike() {
  if (existsSync('/etc/debian_version')) return true;
  try {
    const osRelease = readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
  } catch {
    return false;
  }
}

/**
 * Returns the path of a Chromium executable for Playwright.
 * Order: $CHROMIUM_PATH, then each of `candidates`; if none exists and we are root on Debian/Ubuntu,
 * installs the `chromium` package with apt-get and looks again. Throws an Error saying how to
 * install it otherwise. `candidates` and `allowInstall` exist so the fallback paths can be tried.
 */
export function findChromium({ candidates = CHROMIUM_CANDIDATES, allowInstall = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    // An explicit path that is wrong is a mistake to report, not a reason to pick another browser.
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file. ${NOT_FOUND_MESSAGE}`);
  }
  const found = () => candidates.find(isExecutable);
  let path = found();
  if (path) return path;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (allowInstall && isRoot && isDebianLike()) {
    // stdout of this process may be parsed by a caller (e.g. Playwright's config loader): log to stderr.
    console.error('Chromium not found: running apt-get update && apt-get install -y chromium');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update'], { stdio: ['ignore', 2, 2], env });
      execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: ['ignore', 2, 2], env });
    } catch (error) {
      throw new Error(`Installing Chromium with apt-get failed (${error.message}). ${NOT_FOUND_MESSAGE}`);
    }
    path = found();
    if (path) {
      console.error(`Chromium installed: ${path}`);
      return path;
    }
  }
  throw new Error(NOT_FOUND_MESSAGE);
}

// `node scripts/find-chromium.mjs` prints the path (or the error) for a quick check by hand.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(findChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
