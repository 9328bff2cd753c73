import { describe, expect, it } from 'vitest';
import { SEALED_SHARE_VERSION, SHARE_ID_PATTERN, MIN_KDF, type SealedShare } from '../../catalog';
import { openShare, READ_SHARE_VERSION, ShareOpenError } from '../../src/services/share/shareOpen';
import { newContentKey, newLink, sealShare, shareTag, shareUrl, wrapContentKey } from '../../src/services/share/shareSeal';
import { fromBase64 } from '../../src/lib/base64';

/**
 * Sealing a note for its link and opening it as the viewer page does (docs/sync.md "Shared links"):
 * the key in the link opens the copy, a password (Argon2id) is needed when set, and nothing the host
 * keeps opens without the link's key or tells what the note says.
 */

const NOTE = {
  title: 'Packing list',
  html: '<p>Tent, stove, <strong>matches</strong></p><img src="data:image/png;base64,iVBORw0KGgo=">',
  modified: '2026-11-27T10:00:00.000Z',
};

/** A link with its keys and the copy the host would keep. */
async function shared(password: string | null) {
  const { id, linkKey } = newLink();
  const contentKey = newContentKey();
  const { wrap, kdf } = await wrapContentKey(id, linkKey, contentKey, password);
  const sealed = await sealShare(id, { contentKey, wrap, kdf }, NOTE);
  return { id, linkKey, contentKey, wrap, kdf, sealed };
}

/** The reason openShare gave, or 'opened'. */
async function reasonOf(open: Promise<unknown>): Promise<string> {
  try {
    await open;
    return 'opened';
  } catch (error) {
    if (error instanceof ShareOpenError) return error.reason;
    throw error;
  }
}

describe('a shared note', () => {
  it('gets an id of 128 random bits and a link key of 256, both new each time', () => {
    const links = Array.from({ length: 50 }, newLink);
    for (const { id, linkKey } of links) {
      expect(id).toMatch(SHARE_ID_PATTERN);
      expect(fromBase64(id)).toHaveLength(16);
      expect(fromBase64(linkKey)).toHaveLength(32);
    }
    expect(new Set(links.map((l) => l.id)).size).toBe(50);
    expect(new Set(links.map((l) => l.linkKey)).size).toBe(50);
    expect(shareUrl('https://notes.example.com', 'abc', 'KEY')).toBe('https://notes.example.com/s/abc#KEY');
  });

  it('opens with the key of its link, title, HTML with images and time as sealed', async () => {
    const { id, linkKey, sealed } = await shared(null);
    expect(sealed.v).toBe(SEALED_SHARE_VERSION);
    expect(READ_SHARE_VERSION).toBe(SEALED_SHARE_VERSION);
    expect(sealed.kdf).toBeNull();
    expect(await openShare(id, linkKey, sealed, null)).toEqual(NOTE);
  });

  it('holds nothing readable for the host: no word of the note, no key', async () => {
    const { linkKey, contentKey, sealed } = await shared('correct horse battery');
    const stored = JSON.stringify(sealed);
    for (const secret of ['Packing', 'Tent', 'matches', 'iVBORw0KGgo', linkKey, contentKey, 'correct horse'])
      expect(stored).not.toContain(secret);
  });

  it('does not open with another link key, as another share, or altered', async () => {
    const { id, linkKey, sealed } = await shared(null);
    expect(await reasonOf(openShare(id, newLink().linkKey, sealed, null))).toBe('damaged');
    expect(await reasonOf(openShare(newLink().id, linkKey, sealed, null))).toBe('damaged');
    expect(await reasonOf(openShare(id, linkKey.slice(0, 40), sealed, null))).toBe('damaged');
    const bytes = fromBase64(sealed.c);
    bytes[bytes.length - 1] ^= 1;
    const altered: SealedShare = { ...sealed, c: Buffer.from(bytes).toString('base64') };
    expect(await reasonOf(openShare(id, linkKey, altered, null))).toBe('damaged');
    // The copy of one link under the wrap of another does not open either.
    const other = await shared(null);
    expect(await reasonOf(openShare(id, linkKey, { ...sealed, c: other.sealed.c }, null))).toBe('damaged');
  });

  it('says when a copy is of a newer format instead of misreading it', async () => {
    const { id, linkKey, sealed } = await shared(null);
    expect(await reasonOf(openShare(id, linkKey, { ...sealed, v: SEALED_SHARE_VERSION + 1 }, null))).toBe('newer');
  });

  it('with a password, needs it, refuses a wrong one and opens with the right one (and the link key)', async () => {
    const { id, linkKey, sealed } = await shared('correct horse battery');
    expect(sealed.kdf).toMatchObject({ alg: 'argon2id' });
    expect(sealed.kdf!.memoryKiB).toBeGreaterThanOrEqual(MIN_KDF.memoryKiB);
    expect(sealed.kdf!.iterations).toBeGreaterThanOrEqual(MIN_KDF.iterations);
    expect(fromBase64(sealed.kdf!.salt)).toHaveLength(16);
    expect(await reasonOf(openShare(id, linkKey, sealed, null))).toBe('needs-password');
    expect(await reasonOf(openShare(id, linkKey, sealed, 'wrong horse battery'))).toBe('wrong-password');
    // The password alone (what the host could try offline against the wrap) opens nothing without the link's key.
    expect(await reasonOf(openShare(id, newLink().linkKey, sealed, 'correct horse battery'))).toBe('wrong-password');
    expect(await openShare(id, linkKey, sealed, 'correct horse battery')).toEqual(NOTE);
    // The same password typed with another Unicode form (NFKC) opens it too.
    const { id: id2, linkKey: key2, sealed: sealed2 } = await shared('ｃａｆé');
    expect(await openShare(id2, key2, sealed2, 'cafe\u0301')).toEqual(NOTE);
  });

  it('gets a salt of its own for each password, so one password does not make the same wrap twice', async () => {
    const a = await shared('correct horse battery');
    const b = await shared('correct horse battery');
    expect(a.kdf!.salt).not.toBe(b.kdf!.salt);
  });

  it('has a fingerprint that changes with the text, title, time and content key only', async () => {
    const key = newContentKey();
    const content = { revision: 'rev-1', title: 'Plan', modified: '2026-11-27T10:00:00.000Z' };
    const tag = await shareTag(key, content);
    expect(tag).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await shareTag(key, { ...content })).toBe(tag);
    for (const changed of [{ revision: 'rev-2' }, { title: 'Plan B' }, { modified: '2026-11-27T10:00:01.000Z' }])
      expect(await shareTag(key, { ...content, ...changed })).not.toBe(tag);
    expect(await shareTag(newContentKey(), content)).not.toBe(tag);
  });
});
