import { describe, expect, it } from 'vitest';
import { createFakeFunctionsClient } from './fakeFunctionsClient';
import { FunctionsError } from '../../src/services/functionsError';
import { sessionIdFrom, trackAppLoad, type PageContext } from '../../src/services/tracking';
import { SESSION_ID_KEY } from '../../src/services/webStorage';
import { sourceFromReferrer, visitSource } from '../../src/services/trackingSource';

/** A Map-backed stand-in for sessionStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('source from the referrer', () => {
  const app = 'notes.example.com';
  it.each([
    ['', 'direct'],
    ['   ', 'direct'],
    ['not a url', 'direct'],
    ['https://www.youtube.com/watch?v=abc', 'video-app'],
    ['https://youtu.be/abc', 'video-app'],
    ['https://m.youtube.com/', 'video-app'],
    ['https://vimeo.com/123', 'video-app'],
    ['https://www.tiktok.com/@someone', 'video-app'],
    ['android-app://com.google.android.youtube/', 'video-app'],
    ['android-app://com.google.android.gm/', 'external'],
    ['https://notes.example.com/', 'website'],
    ['https://www.example.com/blog/notepad', 'website'],
    ['https://example.com/', 'website'],
    ['https://www.google.com/', 'external'],
    ['https://notyoutube.com/', 'external'],
    ['https://youtube.com.evil.example/', 'external'],
    ['https://example.com.evil.net/', 'external'],
  ])('%j -> %s', (referrer, expected) => {
    expect(sourceFromReferrer(referrer, app)).toBe(expected);
  });

  it('matches an IP address or localhost host exactly, not by its last labels', () => {
    expect(sourceFromReferrer('http://127.0.0.1:4520/', '127.0.0.1')).toBe('website');
    expect(sourceFromReferrer('http://10.0.0.1/', '127.0.0.1')).toBe('external');
    expect(sourceFromReferrer('http://localhost:3000/', 'localhost')).toBe('website');
  });
});

describe('visit source', () => {
  it('prefers the source query parameter over the referrer', () => {
    expect(visitSource('?source=newsletter', 'https://www.youtube.com/', 'a.example')).toBe('newsletter');
  });

  it('uses the referrer when the parameter is absent or blank', () => {
    expect(visitSource('?other=1', 'https://vimeo.com/', 'a.example')).toBe('video-app');
    expect(visitSource('?source=%20%20', '', 'a.example')).toBe('direct');
  });

  it('trims the parameter and cuts it at 100 characters', () => {
    expect(visitSource(`?source=${encodeURIComponent('  x ')}`, '', 'a.example')).toBe('x');
    expect(visitSource(`?source=${'a'.repeat(500)}`, '', 'a.example')).toHaveLength(100);
  });
});

describe('session id', () => {
  it('is created once and then reused from session storage', () => {
    const storage = memoryStorage();
    let n = 0;
    const newId = () => `id-${++n}`;
    expect(sessionIdFrom(storage, newId)).toBe('id-1');
    expect(sessionIdFrom(storage, newId)).toBe('id-1');
    expect(storage.map.get(SESSION_ID_KEY)).toBe('id-1');
  });

  it('reuses an id already stored under ss_session_id', () => {
    expect(sessionIdFrom(memoryStorage({ ss_session_id: 'earlier' }), () => 'new')).toBe('earlier');
  });

  it('is a fresh UUID by default, and still given when session storage throws', () => {
    expect(sessionIdFrom(memoryStorage())).toMatch(/^[0-9a-f-]{36}$/);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(sessionIdFrom(blocked, () => 'fallback')).toBe('fallback');
  });
});

describe('tracking on app load', () => {
  const page = (overrides: Partial<PageContext> = {}): PageContext => ({
    pathname: '/',
    search: '',
    hostname: 'notes.example.com',
    referrer: '',
    sessionStorage: memoryStorage(),
    ...overrides,
  });

  it('posts app_name NotePad, the source and the session id', async () => {
    const client = createFakeFunctionsClient();
    const storage = memoryStorage({ ss_session_id: 'sess-1' });
    await expect(trackAppLoad(client, page({ referrer: 'https://youtu.be/x', sessionStorage: storage }))).resolves.toBe(true);
    expect(client.calls).toEqual([{ fn: 'track-app-usage', record: { app_name: 'NotePad', source: 'video-app', session_id: 'sess-1' } }]);
  });

  it('makes no request on the replay view', async () => {
    const client = createFakeFunctionsClient();
    await expect(trackAppLoad(client, page({ pathname: '/replay' }))).resolves.toBe(false);
    await trackAppLoad(client, page({ pathname: '/replay/' }));
    expect(client.calls).toEqual([]);
  });

  it('tracks other paths, including ones that merely start with "replay"', async () => {
    const client = createFakeFunctionsClient();
    await trackAppLoad(client, page({ pathname: '/replayed-notes' }));
    expect(client.calls).toHaveLength(1);
  });

  it('logs a failure and resolves false instead of throwing', async () => {
    const logged: string[] = [];
    const client = createFakeFunctionsClient({
      trackAppUsage: () => {
        throw new FunctionsError('track-app-usage', 'http', 'Unknown function "track-app-usage"', 404);
      },
    });
    await expect(trackAppLoad(client, page(), (m) => logged.push(m))).resolves.toBe(false);
    expect(logged).toEqual(['[tracking] usage was not recorded: Unknown function "track-app-usage"']);
  });
});
