/**
 * Who is asking, as far as rate limits go (README "Functions", docs/sync.md "Accounts"): the
 * connection's remote address, or the address a trusted proxy names in a header
 * (AUTH_PROXY_IP_HEADER). Web-standard code only, so the Deno entries use it too.
 */

/** What the runtime knows of the connection: Deno.serve's handler info has this shape; the Node host passes the socket's address. */
export interface ClientInfo {
  remoteAddr?: { hostname?: string };
}

/**
 * The address to count a request under: the last entry of `proxyHeader` when it is set (a proxy
 * that appends to X-Forwarded-For puts the address it saw last; one that sets the header puts
 * only that), else the connection's address; "unknown" when neither is known.
 */
export function clientAddress(req: Request, info: ClientInfo | undefined, proxyHeader: string | null): string {
  const named = proxyHeader ? req.headers.get(proxyHeader)?.split(',').pop()?.trim() : undefined;
  return addressKey(named || info?.remoteAddr?.hostname || 'unknown');
}

/**
 * The key one client is counted under: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:192.0.2.1`); an IPv6 address cut to its /64 network, the block one subscriber usually
 * holds; anything else as given, lower-cased.
 * @internal Test seam: used here; the tests call it directly.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1];
  if (!bare.includes(':')) return bare;
  let canonical: string;
  try {
    // The URL parser writes an IPv6 address in its one canonical (compressed) form, or throws.
    canonical = new URL(`http://[${bare.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  } catch {
    return bare;
  }
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (hexMapped) {
    const [high, low] = [parseInt(hexMapped[1], 16), parseInt(hexMapped[2], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const [head, tail = ''] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = canonical.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
