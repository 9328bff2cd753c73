/**
 * The wait a 429 or 5xx answer asks for (docs/sync.md "Sign-in limits"): its `Retry-After` header
 * in whole seconds, rounded up, or null when it has none that is a positive number of seconds.
 * The sync transport, the account calls and the key calls all read it here.
 */
export function retryAfterSeconds(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
