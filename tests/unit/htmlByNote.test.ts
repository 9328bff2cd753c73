import { describe, expect, it } from 'vitest';
import { bodyLinkTargets, LinkIndex } from '../../src/projections/noteLinks/linkIndex';
import { DocumentNotRead, EMPTY_NOTES, bodyHtml, type NoteBody, type NotesState, type UnreadBody } from '../../src/projections/notesState';
import { SearchIndex } from '../../src/projections/searchIndex';
import { bodiesToRead, dashboardStatistics, toStoredNoteCounts } from '../../src/projections/statistics';
import { bodyFacts, factsFromHtml } from '../../src/projections/statisticsText';
import { knownCounts } from '../../src/projections/storedNoteCounts';
import { StorageMirror } from '../../src/services/storageMirror';
import { MemoryWebStorage } from './memoryWebStorage';

/**
 * Bodies whose HTML is in their records only (docs/architecture.md "Documents by reference"): every
 * reader of HTML either uses what is stored (a part's links, a stored search entry or count of the
 * body's revision, a mirror key written at that revision) or is given the HTML read by note, and
 * none reads such a body as ''.
 */

const NEVER_PARSE = (): string[] => {
  throw new Error('parsed HTML');
};
const htmlText = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** A notes state of `bodies` (note id -> body, revision `rev-{id}`), newest last. */
function notesOf(bodies: Record<string, NoteBody>, modified = '2026-11-01T00:00:00.000Z'): NotesState {
  const order = Object.keys(bodies);
  return {
    ...EMPTY_NOTES,
    order,
    meta: Object.fromEntries(order.map((id) => [id, { title: `Note ${id}`, modified }])),
    bodies,
    revs: Object.fromEntries(order.map((id) => [id, { id: `rev-${id}`, origin: false }])),
  };
}

const unread = (key: string, links?: string[]): UnreadBody => ({ docKey: key, ...(links ? { links } : {}) });

describe('bodies that hold no HTML', () => {
  it('bodyHtml throws DocumentNotRead on one, never answers ""', () => {
    expect(() => bodyHtml(unread('k1'))).toThrow(DocumentNotRead);
    expect(bodyHtml({ docKey: 'k2', html: '<p>kept beside the key</p>' })).toBe('<p>kept beside the key</p>');
    expect(bodyHtml(undefined)).toBe('');
  });

  it('the link index takes their links from the snapshot part, parsing no HTML', () => {
    const notes = notesOf({ '1': { html: '<p>target</p>' }, '2': unread('k2', ['1']), '3': unread('k3') });
    expect(bodyLinkTargets(notes.bodies['2'], NEVER_PARSE)).toEqual(['1']);
    const index = new LinkIndex(NEVER_PARSE);
    expect(index.linkedFrom(notes, '1')).toEqual(['2']);
    expect(index.linkedFrom(notes, '3')).toEqual([]);
  });

  it('the search index keeps an entry of their revision, and indexes the others once their HTML is read, keeping none of it', () => {
    const index = new SearchIndex(htmlText);
    const whole = notesOf({ '1': { html: '<p>apple</p>' }, '2': { html: '<p>banana</p>' } });
    index.update(whole);
    const stored = index.toStored();
    const fresh = new SearchIndex(htmlText);
    fresh.loadStored(stored!);
    // A start from a snapshot: note 1 at the same revision, note 2 at a new one, neither holding HTML.
    const notes: NotesState = {
      ...notesOf({ '1': unread('k1'), '2': unread('k2') }),
      revs: { '1': whole.revs['1'], '2': { id: 'rev-2b', origin: false } },
    };
    expect(fresh.lackingHtml(notes, 10)).toEqual([notes.bodies['2']]);
    // A query answers from the stored entry of note 1's revision and reads no HTML.
    expect(fresh.bodyMatcher(notes, 'apple')('1')).toBe(true);
    expect(fresh.bodyMatcher(notes, 'banana')('2')).toBe(false);
    expect(fresh.update(notes, { readUnread: true })).toBe(false);
    const read = new Map([[notes.bodies['2'], '<p>cherry</p>']]);
    expect(fresh.update(notes, { readUnread: true, htmlRead: read })).toBe(true);
    expect(fresh.lackingHtml(notes, 10)).toEqual([]);
    expect(fresh.bodyMatcher(notes, 'cherry')('2')).toBe(true);
    // Read whole later (same text, same revision): nothing to index again.
    const later = { ...notes, bodies: { ...notes.bodies, '2': { html: '<p>cherry</p>' } } };
    const version = fresh.version;
    expect(fresh.update(later)).toBe(true);
    expect(fresh.version).toBe(version);
  });

  it('a phrase query asks for the text of a body holding no HTML, and answers once it is supplied', () => {
    const index = new SearchIndex(htmlText);
    const whole = notesOf({ '1': { html: '<p>red apple pie</p>' }, '2': { html: '<p>apple and red</p>' } });
    index.update(whole);
    const fresh = new SearchIndex(htmlText);
    fresh.loadStored(index.toStored()!);
    const notes = { ...whole, bodies: { '1': unread('k1'), '2': unread('k2') } };
    const first = fresh.bodyMatcher(notes, 'red apple');
    expect([first('1'), first('2')]).toEqual([false, false]);
    const wanted = fresh.textsWanted(10);
    expect(wanted).toEqual([notes.bodies['1'], notes.bodies['2']]);
    expect(fresh.textsWanted(10)).toEqual([]);
    fresh.supplyTexts(new Map(wanted.map((body, i) => [body, ['<p>red apple pie</p>', '<p>apple and red</p>'][i]])));
    const again = fresh.bodyMatcher(notes, 'red apple');
    expect([again('1'), again('2')]).toEqual([true, false]);
  });

  it('the dashboard reads those it counts first, and stores no counts for a body not read yet', () => {
    const notes = notesOf({ '1': { html: '<p>one two</p>' }, '2': unread('k2'), '3': unread('k3') });
    const known = knownCounts(toStoredNoteCounts(notesOf({ '3': { html: '<p>a b c</p>' } }), null));
    const now = Date.parse('2026-12-01T00:00:00.000Z');
    expect(bodiesToRead(notes, now, 'UTC', known)).toEqual([notes.bodies['2']]);
    expect(() => bodyFacts(notes.bodies['2'])).toThrow(DocumentNotRead);
    expect(toStoredNoteCounts(notes, known).ids).toEqual(['1', '3']);
    factsFromHtml(notes.bodies['2'], '<p>four five six seven</p>');
    expect(bodiesToRead(notes, now, 'UTC', known)).toEqual([]);
    expect(dashboardStatistics(notes, now, 'UTC', known).totalWords).toBe(2 + 4 + 3);
    expect(toStoredNoteCounts(notes, known).ids).toEqual(['1', '2', '3']);
  });

  it('the mirror keeps a key written at the body’s revision, and writes the others once their HTML is supplied', () => {
    const storage = new MemoryWebStorage();
    const mirror = new StorageMirror(storage);
    const whole = notesOf({ '1': { html: '<p>one</p>' }, '2': { html: '<p>two</p>' } });
    mirror.write(whole);
    expect(storage.getItem('note_2')).toBe('<p>two</p>');
    // The same notes after a reload from a snapshot: note 1 unread at its revision, note 2 unread at a new one.
    const notes: NotesState = {
      ...whole,
      bodies: { '1': unread('k1'), '2': unread('k2') },
      revs: { ...whole.revs, '2': { id: 'rev-2b', origin: false } },
    };
    storage.writes = [];
    mirror.write(notes);
    expect(storage.writes).toEqual([]);
    expect(mirror.lacking()).toEqual([notes.bodies['2']]);
    // Never an older text: the key of note 2 is written once its HTML is read.
    mirror.supply(new Map([[notes.bodies['2'], '<p>two, changed elsewhere</p>']]));
    expect(storage.getItem('note_2')).toBe('<p>two, changed elsewhere</p>');
    expect(storage.getItem('note_1')).toBe('<p>one</p>');
    expect(mirror.lacking()).toEqual([]);
    expect(mirror.current()).toEqual({ kind: 'complete' });
  });

  it('the mirror’s first write compares a key whose note holds no HTML once it is read, and removes it when it differs', () => {
    const storage = new MemoryWebStorage();
    storage.setItem('note_1', '<p>one</p>');
    storage.setItem('note_2', '<p>an older text</p>');
    const notes = notesOf({ '1': unread('k1'), '2': unread('k2') });
    const mirror = new StorageMirror(storage);
    mirror.write(notes);
    expect(mirror.lacking().length).toBeGreaterThan(0);
    storage.writes = [];
    mirror.supply(
      new Map([
        [notes.bodies['1'], '<p>one</p>'],
        [notes.bodies['2'], '<p>two</p>'],
      ]),
    );
    expect(storage.getItem('note_1')).toBe('<p>one</p>');
    expect(storage.getItem('note_2')).toBe('<p>two</p>');
    expect(storage.writes.filter((key) => key === 'note_1')).toEqual([]);
  });
});
