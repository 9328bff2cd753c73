import { describe, expect, it } from 'vitest';
import { foldNotes } from '../../src/projections/foldNotes';
import { noteRevisions, isRevision } from '../../src/projections/history';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { endedShareIds, liveShareOf, openShares, sharedNoteIds } from '../../src/projections/sharedLinks';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { Replay } from '../../src/projections/replay';
import { ev } from './helpers';

/**
 * The projection of shared links (docs/product.md "Share a note", docs/sync.md "Shared links"):
 * made, changed and stopped by events; a deleted note's links end; an ended link keeps no key; the
 * sidebar's marks follow the live links; History lists them among the revisions.
 */

const NOTE = '1763719200000';
const OTHER = '1763719200001';
const SHARE = 'c2hhcmUtaWQtMDAwMDAwMA';
const KEY = (c: string) => c.repeat(43).slice(0, 43);
const options = { follows: true, expiresAt: null, contentKey: KEY('c'), wrap: 'd3JhcA==', kdf: null };
const created = (share = SHARE, note = NOTE, at = '2026-11-27T10:00:00.000Z') =>
  ev('share.created', { id: note, share, linkKey: KEY('l'), ...options }, at);
const base = [ev('note.created', { id: NOTE, title: 'Packing list' }), ev('note.created', { id: OTHER, title: 'Recipe' })];
const NOW = Date.parse('2026-11-28T00:00:00.000Z');

describe('shared links in the notes projection', () => {
  it('holds a link with its note, time, options and keys once it is made', () => {
    const notes = foldNotes(EMPTY_NOTES, [...base, created()]);
    expect(notes.shares[SHARE]).toEqual({ note: NOTE, createdAt: '2026-11-27T10:00:00.000Z', linkKey: KEY('l'), ...options });
    expect(liveShareOf(notes, NOTE, NOW)?.id).toBe(SHARE);
    expect(liveShareOf(notes, OTHER, NOW)).toBeNull();
    expect([...sharedNoteIds(notes, NOW)]).toEqual([NOTE]);
  });

  it('takes every option of a change, and a new content key with a password', () => {
    const kdf = { alg: 'argon2id' as const, memoryKiB: 65536, iterations: 3, parallelism: 1, salt: 'c2FsdC1zYWx0LXNhbHQtMDA' };
    const change = { follows: false, expiresAt: '2026-12-04T10:00:00.000Z', contentKey: KEY('n'), wrap: 'bmV3', kdf };
    const notes = foldNotes(EMPTY_NOTES, [...base, created(), ev('share.changed', { id: NOTE, share: SHARE, ...change })]);
    expect(notes.shares[SHARE]).toEqual({ note: NOTE, createdAt: '2026-11-27T10:00:00.000Z', linkKey: KEY('l'), ...change });
  });

  it('ends a stopped link and keeps none of its keys; a later change or a second make of the id changes nothing', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ...base,
      created(),
      ev('share.stopped', { id: NOTE, share: SHARE }, '2026-11-27T11:00:00.000Z'),
      ev('share.changed', { id: NOTE, share: SHARE, ...options, follows: false }),
      created(),
    ]);
    expect(notes.shares[SHARE]).toEqual({ note: NOTE, createdAt: '2026-11-27T10:00:00.000Z', endedAt: '2026-11-27T11:00:00.000Z' });
    expect(JSON.stringify(notes.shares)).not.toContain(KEY('l'));
    expect(JSON.stringify(notes.shares)).not.toContain(KEY('c'));
    expect(openShares(notes)).toEqual([]);
    expect([...endedShareIds(notes)]).toEqual([SHARE]);
    expect(sharedNoteIds(notes, NOW).size).toBe(0);
  });

  it('ends the links of a deleted note, and a link made for a note deleted elsewhere is ended at once', () => {
    const second = 'c2Vjb25kLXNoYXJlLTAwMDA';
    const notes = foldNotes(EMPTY_NOTES, [
      ...base,
      created(),
      created('b3RoZXItbm90ZS1zaGFyZTA', OTHER),
      ev('note.deleted', { id: NOTE }, '2026-11-27T12:00:00.000Z'),
      created(second, NOTE, '2026-11-27T12:01:00.000Z'),
    ]);
    expect(notes.shares[SHARE]).toEqual({ note: NOTE, createdAt: '2026-11-27T10:00:00.000Z', endedAt: '2026-11-27T12:00:00.000Z' });
    expect(notes.shares[second]).toEqual({ note: NOTE, createdAt: '2026-11-27T12:01:00.000Z', endedAt: '2026-11-27T12:01:00.000Z' });
    expect(openShares(notes).map((s) => s.share.note)).toEqual([OTHER]);
  });

  it('lists open links newest first, marks only those not expired, and changes no storage key', () => {
    const soon = 'c29vbi1leHBpcmluZy1zaGE';
    const withoutLinks = foldNotes(EMPTY_NOTES, base);
    const notes = foldNotes(withoutLinks, [
      created(),
      ev(
        'share.created',
        { id: OTHER, share: soon, linkKey: KEY('k'), ...options, expiresAt: '2026-11-27T23:00:00.000Z' },
        '2026-11-27T13:00:00.000Z',
      ),
    ]);
    expect(openShares(notes).map((s) => s.id)).toEqual([soon, SHARE]);
    expect([...sharedNoteIds(notes, Date.parse('2026-11-27T22:59:59.000Z'))].sort()).toEqual([NOTE, OTHER].sort());
    expect([...sharedNoteIds(notes, NOW)]).toEqual([NOTE]);
    expect(liveShareOf(notes, OTHER, NOW)).toBeNull();
    expect(toStorageKeys(notes)).toEqual(toStorageKeys(withoutLinks));
  });

  it('replays step by step: a link is open after its event and ended after its stop', () => {
    const events = [...base, created(), ev('share.stopped', { id: NOTE, share: SHARE })];
    const replay = new Replay(events);
    expect(openShares(replay.stateAt(2).notes)).toEqual([]);
    expect(openShares(replay.stateAt(3).notes).map((s) => s.id)).toEqual([SHARE]);
    expect(openShares(replay.stateAt(4).notes)).toEqual([]);
  });

  it('folds the same on every device whatever the batches (one event at a time or all at once)', () => {
    const events = [
      ...base,
      created(),
      ev('share.changed', { id: NOTE, share: SHARE, ...options, follows: false }),
      ev('note.deleted', { id: NOTE }),
    ];
    expect(events.reduce((notes, e) => foldNotes(notes, [e]), EMPTY_NOTES)).toEqual(foldNotes(EMPTY_NOTES, events));
  });
});

describe('shared links in History', () => {
  it('lists making, changing and stopping a link with its options and the text of that moment; the current revision stays the newest text', () => {
    const events = [
      ev('note.created', { id: NOTE, title: 'Packing list' }),
      ev('note.body-saved', { id: NOTE, html: '<p>tent</p>' }),
      created(),
      ev('share.changed', { id: NOTE, share: SHARE, ...options, follows: false, expiresAt: '2026-12-04T10:00:00.000Z' }),
      ev('share.stopped', { id: NOTE, share: SHARE }),
    ];
    const entries = noteRevisions(NOTE, events, foldNotes(EMPTY_NOTES, events));
    expect(entries.map((e) => [e.kind, e.html, e.link])).toEqual([
      ['share-stopped', '<p>tent</p>', undefined],
      ['share-changed', '<p>tent</p>', { follows: false, expiresAt: '2026-12-04T10:00:00.000Z', password: false }],
      ['shared', '<p>tent</p>', { follows: true, expiresAt: null, password: false }],
      ['saved', '<p>tent</p>', undefined],
      ['created', '', undefined],
    ]);
    expect(entries.find(isRevision)?.kind).toBe('saved');
  });
});
