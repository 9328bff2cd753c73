import type { FunctionsClient } from './functionsClient';
import { visitSource } from './trackingSource';
import { PRODUCT_NAME } from './productName';
import { SESSION_ID_KEY, openSessionStorage, readItem, writeItem, type StorageArea } from './webStorage';

/** `app_name` of every usage record (docs/product.md "Calls"). */
const TRACKING_APP_NAME = PRODUCT_NAME;
/** Paths where the app loads without tracking: the replay view only folds, it makes no request (README). */
const UNTRACKED_PATH_PREFIXES: readonly string[] = ['/replay'];

/**
 * The session id (docs/product.md "Entities and storage keys"): the one in `storage` under SESSION_ID_KEY, or a new UUID stored
 * there, so reloads in the same tab reuse it and a new tab or browser session gets a new one.
 * When session storage is unavailable (blocked), returns a fresh id without storing it.
 * @internal Test seam: used here; the tests call it directly.
 */
export function sessionIdFrom(
  storage: Pick<StorageArea, 'getItem' | 'setItem'> | null,
  newId: () => string = () => crypto.randomUUID(),
): string {
  if (!storage) return newId();
  const existing = readItem(storage, SESSION_ID_KEY);
  if (!existing.ok) return newId();
  if (existing.value) return existing.value;
  const id = newId();
  // A refused write (blocked or full) still gives this load an id; the next load makes another.
  writeItem(storage, SESSION_ID_KEY, id);
  return id;
}

/** What trackAppLoad reads from the page; tests pass their own. */
export interface PageContext {
  /** location.pathname */
  pathname: string;
  /** location.search */
  search: string;
  /** location.hostname */
  hostname: string;
  /** document.referrer */
  referrer: string;
  /** sessionStorage, or null when it cannot be used */
  sessionStorage: Pick<StorageArea, 'getItem' | 'setItem'> | null;
}

/**
 * The page context of the running browser tab: `location` as it is now (call it at load, before any
 * in-app navigation); `sessionStorage` is only touched when read, as the first access of a page
 * costs a synchronous load of the storage area (tens of ms on a cold load), which
 * tracking pays in idle time instead of before the first screen.
 */
export function browserPageContext(): PageContext {
  const { pathname, search, hostname } = window.location;
  return {
    pathname,
    search,
    hostname,
    referrer: document.referrer,
    get sessionStorage() {
      // Blocked storage (some privacy settings): a fresh id each load.
      const opened = openSessionStorage();
      return opened.ok ? opened.area : null;
    },
  };
}

/**
 * Usage tracking on app load (docs/product.md "Calls"): POST track-app-usage with app_name, source and
 * session_id. Only the ok status matters; a failure is logged with console.error and never shown.
 * Skipped on UNTRACKED_PATH_PREFIXES. Resolves true when the call was answered ok; never rejects.
 */
export async function trackAppLoad(
  client: FunctionsClient,
  page: PageContext,
  logError: (message: string) => void = (message) => console.error(message),
): Promise<boolean> {
  if (UNTRACKED_PATH_PREFIXES.some((prefix) => page.pathname === prefix || page.pathname.startsWith(`${prefix}/`))) return false;
  try {
    const source = visitSource(page.search, page.referrer, page.hostname);
    await client.trackAppUsage({ app_name: TRACKING_APP_NAME, source, session_id: sessionIdFrom(page.sessionStorage) });
    return true;
  } catch (error) {
    logError(`[tracking] usage was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
