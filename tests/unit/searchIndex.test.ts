import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, INITIAL_VIEW, type NotesState } from '../../src/projections/notesState';
import { SearchIndex } from '../../src/projections/searchIndex';
import { bodySearchText } from '../../src/projections/searchText';
import { sidebarRows } from '../../src/projections/sidebar';
import { scanBodySearch } from '../support/sidebarRows';
import { pick, randomInt, seededRandom } from '../support/random';
import { ev } from './helpers';

/** HTML text for tests: tags become spaces, a few entities decoded (the browser uses DOMParser). */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<');

const WORDS = [
  'Apple',
  'apples',
  'pie',
  'BANANA',
  'bread',
  'crème',
  'brûlée',
  'ΣΟΦΙΑ',
  'tea,',
  '(note)',
  'a&b',
  'x<y',
  'déjà-vu',
  'e-mail',
  '42',
  'Straße',
  'İstanbul',
];
const QUERIES = [
  'a',
  'e',
  'app',
  'apple',
  'pie',
  'banana',
  'rea',
  'crème',
  'brû',
  'σοφια',
  'tea,',
  '(note',
  'a&b',
  'x<y',
  'vu',
  '4',
  'strasse',
  'straße',
  'i̇st',
  'apple pie',
  'pie bread',
  'es pie',
  'zzz',
  'a b',
  'tea, (note)',
];

function sentence(random: () => number): string {
  return Array.from({ length: 1 + randomInt(random, 6) }, () => pick(random, WORDS)).join(pick(random, [' ', '  ', '\t', ' ']));
}

/** A body save: half with a BlockNote document (paragraphs, a table, nested blocks, a caption), half HTML only (legacy). */
function randomSave(random: () => number, id: string): AppEvent {
  if (random() < 0.5) {
    const html = `<p>${sentence(random).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p><p>${sentence(random).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`;
    return ev('note.imported', { id, title: 't', modified: '2026-11-20T10:00:00.000Z', html, starred: false, source: 'legacy' });
  }
  const blocks = [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: sentence(random), styles: {} },
        { type: 'link', href: 'https://x.test', content: [{ type: 'text', text: sentence(random), styles: {} }] },
      ],
      children: [],
    },
    {
      type: 'table',
      content: {
        type: 'tableContent',
        rows: [
          {
            cells: [
              [{ type: 'text', text: sentence(random), styles: {} }],
              { type: 'tableCell', content: [{ type: 'text', text: pick(random, WORDS), styles: {} }] },
            ],
          },
        ],
      },
      children: [],
    },
    { type: 'image', props: { caption: pick(random, WORDS) }, children: [{ type: 'paragraph', content: sentence(random), children: [] }] },
  ];
  return ev('note.body-saved', { id, html: `<p>${random()}</p>`, blocks });
}

/** Random events of the kinds that change bodies: create, import, save, restore, delete, rename. */
function randomEvents(random: () => number, notes: NotesState, count: number): AppEvent[] {
  const events: AppEvent[] = [];
  let nextId = 1000 + notes.order.length * 7 + randomInt(random, 5);
  for (let i = 0; i < count; i++) {
    const ids = Object.keys(notes.meta);
    const roll = random();
    if (roll < 0.25 || ids.length === 0) {
      const id = String(nextId++);
      events.push(random() < 0.5 ? ev('note.created', { id, title: sentence(random) }) : randomSave(random, id));
    } else if (roll < 0.7) {
      const save = randomSave(random, pick(random, ids));
      events.push(
        save.type === 'note.imported'
          ? ev('note.body-saved', { id: pick(random, ids), html: (save.payload as { html: string }).html })
          : save,
      );
    } else if (roll < 0.8) {
      events.push(ev('note.revision-restored', { id: pick(random, ids), fromSeq: 1, html: `<h1>${sentence(random)}</h1>` }));
    } else if (roll < 0.9) {
      events.push(ev('note.deleted', { id: pick(random, ids) }));
    } else {
      events.push(ev('note.renamed', { id: pick(random, ids), title: sentence(random) }));
    }
  }
  return events;
}

const rowIds = (notes: NotesState, search: string, bodySearch: Parameters<typeof sidebarRows>[2]) => [
  ...sidebarRows(notes, { ...INITIAL_VIEW, search }, bodySearch).ids,
];

describe('search index', () => {
  it('answers every query exactly as a scan of the body text does, through random edits', () => {
    const seed = 11;
    const random = seededRandom(seed);
    const index = new SearchIndex(htmlText);
    let notes = EMPTY_NOTES;
    for (let round = 0; round < 60; round++) {
      notes = foldNotes(notes, randomEvents(random, notes, 1 + randomInt(random, 8)));
      // Sometimes the index is only brought up to date in small idle-time slices before the query.
      if (random() < 0.5) for (let i = 0; i < 50 && !index.update(notes, { budgetMs: 0 }); i++);
      for (const query of QUERIES) {
        const expected = rowIds(notes, query, scanBodySearch(notes, htmlText));
        expect(
          rowIds(notes, query, (q) => index.bodyMatcher(notes, q)),
          `seed ${seed}, round ${round}, query ${JSON.stringify(query)}`,
        ).toEqual(expected);
      }
    }
    expect(notes.order.length).toBeGreaterThan(20);
  });

  it('stays equal to a scan when saves share unchanged block objects (as the editor hands them out)', () => {
    const random = seededRandom(5);
    const index = new SearchIndex(htmlText);
    const block = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] });
    let blocks = Array.from({ length: 40 }, () => block(sentence(random)));
    let notes = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1', title: 't' }), ev('note.created', { id: '2', title: 'u' })]);
    for (let save = 0; save < 80; save++) {
      blocks = [...blocks];
      const at = randomInt(random, blocks.length);
      const roll = random();
      if (roll < 0.5)
        blocks[at] = block(sentence(random)); // typing in one block
      else if (roll < 0.7) blocks.splice(at, 0, block(sentence(random)));
      else if (roll < 0.85 && blocks.length > 2) blocks.splice(at, 1);
      else blocks.reverse(); // moved blocks: same objects, new order
      const id = random() < 0.8 ? '1' : '2';
      notes = foldNotes(notes, [ev('note.body-saved', { id, html: `<p>${save}</p>`, blocks })]);
      for (const query of QUERIES) {
        expect(
          rowIds(notes, query, (q) => index.bodyMatcher(notes, q)),
          `save ${save}, query ${JSON.stringify(query)}`,
        ).toEqual(rowIds(notes, query, scanBodySearch(notes, htmlText)));
      }
    }
  });

  it('reads a long note in budgeted slices and answers like a full read, also when a query comes mid-way', () => {
    const block = (i: number) => ({ type: 'paragraph', content: [{ type: 'text', text: `word${i} common`, styles: {} }], children: [] });
    const blocks = Array.from({ length: 1000 }, (_, i) => block(i));
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: '1', title: 't' }),
      ev('note.body-saved', { id: '1', html: '<p>long</p>', blocks }),
    ]);
    let clock = 0;
    const tick = () => clock++;
    const sliced = new SearchIndex(htmlText);
    let calls = 1;
    while (!sliced.update(notes, { budgetMs: 1, now: tick })) calls++;
    expect(calls).toBeGreaterThan(5);
    const interrupted = new SearchIndex(htmlText);
    expect(interrupted.update(notes, { budgetMs: 1, now: tick })).toBe(false);
    for (const index of [sliced, interrupted]) {
      for (const query of ['word999', 'word5', 'common', 'word1000', 'd12 c']) {
        expect(notes.order.filter(index.bodyMatcher(notes, query)), query).toEqual(
          notes.order.filter(scanBodySearch(notes, htmlText)(query)),
        );
      }
    }
  });

  it('re-indexes only bodies whose HTML changed', () => {
    let calls = 0;
    const index = new SearchIndex((html) => (calls++, htmlText(html)));
    let notes = foldNotes(
      EMPTY_NOTES,
      Array.from({ length: 100 }, (_, i) =>
        ev('note.imported', {
          id: String(i + 1),
          title: 't',
          modified: '2026-11-20T10:00:00.000Z',
          html: `<p>word${i}</p>`,
          starred: false,
          source: 'legacy',
        }),
      ),
    );
    index.update(notes);
    expect(calls).toBe(100);
    calls = 0;
    notes = foldNotes(notes, [ev('note.body-saved', { id: '50', html: '<p>changed</p>' }), ev('note.renamed', { id: '3', title: 'x' })]);
    expect(index.bodyMatcher(notes, 'changed')('50')).toBe(true);
    expect(index.bodyMatcher(notes, 'word49')('50')).toBe(false);
    expect(calls).toBe(1);
  });

  it('finishes a budgeted update over several calls and then answers like a full one', () => {
    const notes = foldNotes(
      EMPTY_NOTES,
      Array.from({ length: 300 }, (_, i) =>
        ev('note.imported', {
          id: String(i + 1),
          title: 't',
          modified: '2026-11-20T10:00:00.000Z',
          html: `<p>n${i} common</p>`,
          starred: false,
          source: 'legacy',
        }),
      ),
    );
    let clock = 0;
    const index = new SearchIndex((html) => ((clock += 1), htmlText(html)));
    let calls = 0;
    while (!index.update(notes, { budgetMs: 10, now: () => clock })) calls++;
    expect(calls).toBeGreaterThan(5);
    expect(index.isCurrent(notes)).toBe(true);
    expect(notes.order.filter(index.bodyMatcher(notes, 'n299'))).toEqual(['300']);
    expect(notes.order.filter(index.bodyMatcher(notes, 'common'))).toHaveLength(300);
  });

  it('forgets deleted notes and superseded bodies, also after sweeping them', () => {
    const index = new SearchIndex(htmlText);
    let notes = foldNotes(EMPTY_NOTES, [ev('note.created', { id: '1', title: 'a' }), ev('note.created', { id: '2', title: 'b' })]);
    for (let i = 0; i < 50; i++) {
      notes = foldNotes(notes, [ev('note.body-saved', { id: '1', html: `<p>rev${i} shared</p>` })]);
      index.update(notes);
    }
    notes = foldNotes(notes, [ev('note.body-saved', { id: '2', html: '<p>shared</p>' })]);
    expect(notes.order.filter(index.bodyMatcher(notes, 'rev49'))).toEqual(['1']);
    expect(notes.order.filter(index.bodyMatcher(notes, 'rev48'))).toEqual([]);
    notes = foldNotes(notes, [ev('note.deleted', { id: '1' })]);
    expect(notes.order.filter(index.bodyMatcher(notes, 'shared'))).toEqual(['2']);
    expect(notes.order.filter(index.bodyMatcher(notes, 'rev49'))).toEqual([]);
  });
});

describe('stored search index', () => {
  it('taken in by the next page, answers every query exactly as a scan does, through random edits after it', () => {
    const random = seededRandom(23);
    let notes = foldNotes(EMPTY_NOTES, randomEvents(random, EMPTY_NOTES, 80));
    const first = new SearchIndex(htmlText);
    first.update(notes);
    // IndexedDB keeps a structured clone.
    const stored = structuredClone(first.toStored()!);
    expect(stored.ids.length).toBeGreaterThan(10);
    for (let round = 0; round < 30; round++) {
      const next = new SearchIndex(htmlText);
      expect(next.loadStored(stored)).toBe(true);
      if (round > 0) notes = foldNotes(notes, randomEvents(random, notes, 1 + randomInt(random, 8)));
      if (random() < 0.5) for (let i = 0; i < 50 && !next.update(notes, { budgetMs: 0 }); i++);
      for (const query of QUERIES) {
        expect(
          rowIds(notes, query, (q) => next.bodyMatcher(notes, q)),
          `round ${round}, ${JSON.stringify(query)}`,
        ).toEqual(rowIds(notes, query, scanBodySearch(notes, htmlText)));
      }
    }
  });

  it('reads again only the notes whose revision changed since it was stored', () => {
    let calls = 0;
    const count = (html: string) => (calls++, htmlText(html));
    const imported = (i: number) =>
      ev('note.imported', {
        id: String(i),
        title: 't',
        modified: '2026-11-20T10:00:00.000Z',
        html: `<p>word${i}</p>`,
        starred: false,
        source: 'legacy',
      });
    let notes = foldNotes(
      EMPTY_NOTES,
      Array.from({ length: 50 }, (_, i) => imported(i + 1)),
    );
    const first = new SearchIndex(count);
    first.update(notes);
    const stored = first.toStored()!;
    calls = 0;
    notes = foldNotes(notes, [
      ev('note.body-saved', { id: '7', html: '<p>changed</p>' }),
      ev('note.deleted', { id: '9' }),
      ev('note.renamed', { id: '3', title: 'x' }),
      imported(51),
    ]);
    const next = new SearchIndex(count);
    next.loadStored(stored);
    expect(notes.order.filter(next.bodyMatcher(notes, 'word'))).toEqual(notes.order.filter((id) => id !== '7'));
    expect(notes.order.filter(next.bodyMatcher(notes, 'changed'))).toEqual(['7']);
    expect(notes.order.filter(next.bodyMatcher(notes, 'word9'))).toEqual([]);
    expect(calls).toBe(2);
  });

  it('answers for documents a start left unread from its entries of their revision, then from their HTML read in the background', () => {
    const saved = (id: string, words: string) =>
      ev('note.body-saved', {
        id,
        html: `<p>${words}</p>`,
        blocks: [{ type: 'paragraph', content: [{ type: 'text', text: words, styles: {} }], children: [] }],
      });
    let notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: '1', title: 'a' }),
      saved('1', 'apple pie'),
      ev('note.created', { id: '2', title: 'b' }),
      saved('2', 'banana bread'),
    ]);
    const first = new SearchIndex(htmlText);
    first.update(notes);
    const stored = first.toStored()!;
    notes = foldNotes(notes, [ev('note.created', { id: '3', title: 'c' }), saved('3', 'apple tart'), saved('2', 'banana split')]);
    // As a start from a snapshot holds them: each body's HTML and the key of its document, not read.
    const unread = {
      ...notes,
      bodies: Object.fromEntries(Object.entries(notes.bodies).map(([id, body]) => [id, { html: body.html, docKey: `doc-${id}` }])),
    } as NotesState;
    const index = new SearchIndex(htmlText);
    index.loadStored(stored);
    const found = (state: NotesState, query: string) => state.order.filter(index.bodyMatcher(state, query)).sort();
    // Note 1 is answered by the stored entry of its revision; 2's entry is of an older revision and 3 has none.
    expect(found(unread, 'apple')).toEqual(['1']);
    expect(found(unread, 'apple pie')).toEqual(['1']);
    expect(found(unread, 'banana')).toEqual([]);
    // The background slices read the rest from their HTML, and every note is answered as a scan does.
    expect(index.update(unread, { readUnread: true })).toBe(true);
    for (const query of ['apple', 'apple pie', 'banana', 'split', 'tart', 'bread']) {
      const scan = unread.order.filter((id) => bodySearchText(unread.bodies[id], htmlText).includes(query)).sort();
      expect(found(unread, query), query).toEqual(scan);
    }
    expect(found(unread, 'apple')).toEqual(['1', '3']);
    // Read, every note is answered as a scan does.
    for (const query of ['apple', 'apple pie', 'banana', 'split', 'tart', 'bread']) {
      const scan = notes.order.filter((id) => bodySearchText(notes.bodies[id], htmlText).includes(query)).sort();
      expect(found(notes, query), query).toEqual(scan);
    }
  });

  it('is not taken in when its form is another version or the index is already built, and is not given while incomplete', () => {
    const notes = foldNotes(EMPTY_NOTES, [
      ev('note.created', { id: '1', title: 'a' }),
      ev('note.body-saved', { id: '1', html: '<p>a</p>' }),
    ]);
    const built = new SearchIndex(htmlText);
    expect(built.toStored()).toBeNull();
    built.update(notes);
    const stored = built.toStored()!;
    expect(new SearchIndex(htmlText).loadStored({ ...stored, format: stored.format + 1 })).toBe(false);
    expect(built.loadStored(stored)).toBe(false);
    const partial = new SearchIndex(htmlText);
    let clock = 0;
    const more = foldNotes(notes, [ev('note.created', { id: '2', title: 'b' }), ev('note.body-saved', { id: '2', html: '<p>b</p>' })]);
    expect(partial.update(more, { budgetMs: 0, now: () => clock++ })).toBe(false);
    expect(partial.toStored()).toBeNull();
  });
});

describe('search text', () => {
  it('separates blocks, table cells and captions so a query does not match across them', () => {
    const text = bodySearchText(
      {
        html: '',
        blocks: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Foo', styles: {} }],
            children: [{ type: 'paragraph', content: 'Bar', children: [] }],
          },
          {
            type: 'table',
            content: {
              type: 'tableContent',
              rows: [{ cells: [[{ type: 'text', text: 'c1', styles: {} }], [{ type: 'text', text: 'c2', styles: {} }]] }],
            },
          },
          { type: 'image', props: { caption: 'Cap' } },
        ],
      },
      htmlText,
    );
    expect(text).toBe('foo\nbar\nc1\nc2\n\n\ncap\n');
    expect(text.includes('foobar')).toBe(false);
  });
});
