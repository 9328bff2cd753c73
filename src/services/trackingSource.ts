/**
 * Where a visit came from (docs/product.md "Calls"): the `source` query parameter when present,
 * otherwise a class of the referrer. The referrer rules are NotePad's own (the original specification left
 * them open; README "AI helpers and usage tracking" states them):
 * - no referrer, or one that is not a URL: `direct`;
 * - a video site or app (VIDEO_HOSTS, or an Android app referrer of a video app): `video-app`;
 * - the app's own site (same host, or the same last two host labels, e.g. www.example.com for
 *   notes.example.com; an IP address or localhost must match exactly): `website`;
 * - anything else: `external`.
 * @internal Test seam: used here; the tests type their cases with it.
 */
export type VisitSource = 'video-app' | 'website' | 'external' | 'direct';

/** Hosts (and their subdomains) counted as video apps. */
const VIDEO_HOSTS: readonly string[] = [
  'youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'vimeo.com',
  'tiktok.com',
  'twitch.tv',
  'dailymotion.com',
  'loom.com',
  'wistia.com',
];
/** Android app referrers (`android-app://{package}/`) of video apps. */
const VIDEO_APP_PACKAGES: readonly string[] = [
  'com.google.android.youtube',
  'com.zhiliaoapp.musically',
  'tv.twitch.android.app',
  'com.vimeo.android.videoapp',
];
/** Longest `source` parameter kept, in characters (longer values are cut). */
const SOURCE_PARAM_MAX_LENGTH = 100;

const IP_OR_LOCAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost)$/i;

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The last two labels of a host name ("notes.example.com" -> "example.com"); IPs and localhost whole. */
function siteOf(host: string): string {
  if (IP_OR_LOCAL.test(host)) return host;
  return host.split('.').slice(-2).join('.');
}

/**
 * The class of a referrer URL seen by a page on `appHost` (a host name, no port).
 * @internal Test seam: used here; the tests call it directly.
 */
export function sourceFromReferrer(referrer: string, appHost: string): VisitSource {
  if (!referrer.trim()) return 'direct';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return 'direct';
  }
  if (url.protocol === 'android-app:') return VIDEO_APP_PACKAGES.includes(url.hostname.toLowerCase()) ? 'video-app' : 'external';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (VIDEO_HOSTS.some((domain) => isUnder(host, domain))) return 'video-app';
  const app = appHost.toLowerCase().replace(/\.$/, '');
  if (host && siteOf(host) === siteOf(app)) return 'website';
  return 'external';
}

/**
 * The `source` of a usage record: the `source` query parameter of `search` when present and not
 * blank (trimmed, at most SOURCE_PARAM_MAX_LENGTH characters), else sourceFromReferrer.
 */
export function visitSource(search: string, referrer: string, appHost: string): string {
  const param = new URLSearchParams(search).get('source')?.trim();
  if (param) return param.slice(0, SOURCE_PARAM_MAX_LENGTH);
  return sourceFromReferrer(referrer, appHost);
}
