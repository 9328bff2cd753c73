import { describe, expect, it } from 'vitest';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { dashboardStatistics } from '../../src/projections/statistics';
import { bodyFacts, cloudWord } from '../../src/projections/statisticsText';
import { cloudFontSizePx } from '../../src/ui/dashboard/wordCloudScale';
import { ev } from './helpers';

// Monday 2026-11-23 03:00 UTC: still Sunday evening (19:00) in Los Angeles, noon in Tokyo.
const NOW = Date.parse('2026-11-23T03:00:00.000Z');
const A = '1700000000001';
const B = '1700000000002';
const C = '1700000000003';
const D = '1700000000004';

/** Notes created at `at` times, each with an HTML body saved at the same time. */
function notesAt(entries: [id: string, at: string, html?: string][]): NotesState {
  return foldNotes(
    EMPTY_NOTES,
    entries.flatMap(([id, at, html]) => [
      ev('note.created', { id, title: `Note ${id.slice(-1)}` }, at),
      ...(html !== undefined ? [ev('note.body-saved', { id, html }, at)] : []),
    ]),
  );
}

const text = (t: string) => ({ type: 'text', text: t, styles: {} });
const followUp = (t: string, styles: Record<string, unknown> = {}) => ({ type: 'text', text: t, styles: { followUp: true, ...styles } });
const paragraph = (content: unknown[], children: unknown[] = []) => ({ id: 'b', type: 'paragraph', props: {}, content, children });

describe('dashboard statistics: the last 7 days by weekday', () => {
  const notes = notesAt([
    [A, '2026-11-23T01:00:00.000Z'], // Mon in UTC, Sun in Los Angeles
    [B, '2026-11-22T20:00:00.000Z'], // Sun in UTC and Los Angeles, Mon in Tokyo
    [C, '2026-11-16T12:00:00.000Z'], // Mon a week before: outside the UTC window, inside Los Angeles'
    [D, '2026-11-10T12:00:00.000Z'], // outside every window
  ]);

  it('buckets notes by the day of their last change, today last, across the Sunday to Monday boundary', () => {
    const { lastDays } = dashboardStatistics(notes, NOW, 'UTC');
    expect(lastDays).toEqual([
      { date: '2026-11-17', weekday: 'Tue', count: 0 },
      { date: '2026-11-18', weekday: 'Wed', count: 0 },
      { date: '2026-11-19', weekday: 'Thu', count: 0 },
      { date: '2026-11-20', weekday: 'Fri', count: 0 },
      { date: '2026-11-21', weekday: 'Sat', count: 0 },
      { date: '2026-11-22', weekday: 'Sun', count: 1 },
      { date: '2026-11-23', weekday: 'Mon', count: 1 },
    ]);
  });

  it('puts the same instants on other days in another time zone', () => {
    const la = dashboardStatistics(notes, NOW, 'America/Los_Angeles').lastDays;
    expect(la.map((d) => `${d.weekday} ${d.date} ${d.count}`)).toEqual([
      'Mon 2026-11-16 1',
      'Tue 2026-11-17 0',
      'Wed 2026-11-18 0',
      'Thu 2026-11-19 0',
      'Fri 2026-11-20 0',
      'Sat 2026-11-21 0',
      'Sun 2026-11-22 2',
    ]);
    const tokyo = dashboardStatistics(notes, NOW, 'Asia/Tokyo').lastDays;
    expect(tokyo.at(-1)).toEqual({ date: '2026-11-23', weekday: 'Mon', count: 2 });
    expect(tokyo.reduce((sum, d) => sum + d.count, 0)).toBe(2);
  });

  it('moves a note to today when it is renamed or saved, and ignores notes dated in the future', () => {
    const later = foldNotes(notes, [
      ev('note.renamed', { id: D, title: 'Renamed today' }, '2026-11-23T02:00:00.000Z'),
      ev('note.created', { id: '1800000000000', title: 'From a fast clock' }, '2026-11-25T09:00:00.000Z'),
    ]);
    const { lastDays, totalNotes } = dashboardStatistics(later, NOW, 'UTC');
    expect(lastDays.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(totalNotes).toBe(5);
  });

  it('gives seven zero days and empty lists for a fresh install', () => {
    const stats = dashboardStatistics(EMPTY_NOTES, new Date(NOW), 'Europe/Berlin');
    expect(stats).toMatchObject({
      totalNotes: 0,
      totalWords: 0,
      lastModified: null,
      starred: 0,
      notStarred: 0,
      topWords: [],
      followUps: [],
    });
    expect(stats.lastDays.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(stats.lastDays.at(-1)?.date).toBe('2026-11-23');
  });

  it('refuses an unknown time zone', () => {
    expect(() => dashboardStatistics(notes, NOW, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('dashboard statistics: totals and starred', () => {
  it('reports the newest modified time and the number of notes', () => {
    const stats = dashboardStatistics(
      notesAt([
        [A, '2026-11-20T10:00:00.000Z'],
        [B, '2026-11-22T08:30:00.000Z'],
        [C, '2026-11-21T00:00:00.000Z'],
      ]),
      NOW,
      'UTC',
    );
    expect(stats.totalNotes).toBe(3);
    expect(stats.lastModified).toBe('2026-11-22T08:30:00.000Z');
  });

  it('counts starred and not starred notes after star, unstar and delete', () => {
    let notes = notesAt([
      [A, '2026-11-20T10:00:00.000Z'],
      [B, '2026-11-20T10:00:00.000Z'],
      [C, '2026-11-20T10:00:00.000Z'],
      [D, '2026-11-20T10:00:00.000Z'],
    ]);
    notes = foldNotes(notes, [ev('note.starred', { id: A }), ev('note.starred', { id: B }), ev('note.starred', { id: C })]);
    expect(dashboardStatistics(notes, NOW, 'UTC')).toMatchObject({ starred: 3, notStarred: 1 });
    notes = foldNotes(notes, [ev('note.unstarred', { id: B })]);
    expect(dashboardStatistics(notes, NOW, 'UTC')).toMatchObject({ starred: 2, notStarred: 2 });
    notes = foldNotes(notes, [ev('note.deleted', { id: A }), ev('note.deleted', { id: D })]);
    expect(dashboardStatistics(notes, NOW, 'UTC')).toMatchObject({ totalNotes: 2, starred: 1, notStarred: 1 });
  });

  it('counts the words of the text, not of the markup, from HTML and from BlockNote blocks', () => {
    const notes = foldNotes(
      notesAt([[A, '2026-11-22T10:00:00.000Z', '<div class="bn-block-group"><p>one two&nbsp;three</p><p>four</p></div>']]),
      [
        ev('note.created', { id: B, title: 'blocks' }, '2026-11-22T10:00:00.000Z'),
        ev(
          'note.body-saved',
          {
            id: B,
            html: '<p>ignored because blocks exist</p>',
            blocks: [
              paragraph([text('five '), { type: 'link', href: 'https://x.test', content: [text('six')] }], [paragraph([text('seven')])]),
            ],
          },
          '2026-11-22T10:00:00.000Z',
        ),
      ],
    );
    expect(bodyFacts(notes.bodies[A]).wordCount).toBe(4);
    expect(bodyFacts(notes.bodies[B]).wordCount).toBe(3);
    expect(dashboardStatistics(notes, NOW, 'UTC').totalWords).toBe(7);
  });

  it('keeps words that run across inline tags whole and splits words at block tags and line breaks', () => {
    const facts = bodyFacts({ html: '<p>note<b>book</b></p><p>pen</p><p>ink<br>pot</p><ul><li>a</li><li>b</li></ul>' });
    expect(facts.wordCount).toBe(6);
    expect([...facts.cloudWords.keys()]).toEqual(['notebook', 'pen', 'ink', 'pot']);
  });

  it('re-reads only the note that changed: unchanged bodies keep their cached figures', () => {
    const before = notesAt([
      [A, '2026-11-22T10:00:00.000Z', '<p>alpha</p>'],
      [B, '2026-11-22T10:00:00.000Z', '<p>beta gamma</p>'],
    ]);
    const after = foldNotes(before, [ev('note.body-saved', { id: A, html: '<p>alpha delta</p>' }, '2026-11-22T11:00:00.000Z')]);
    expect(bodyFacts(after.bodies[B])).toBe(bodyFacts(before.bodies[B]));
    expect(bodyFacts(after.bodies[A])).not.toBe(bodyFacts(before.bodies[A]));
    expect(dashboardStatistics(after, NOW, 'UTC').totalWords).toBe(4);
  });
});

describe('dashboard statistics: most used words', () => {
  it('keeps only words longer than two letters, made of letters only, outside the stopword list', () => {
    expect(cloudWord('Budget,')).toBe('budget');
    expect(cloudWord('“Café”')).toBe('café');
    expect(cloudWord('ok')).toBeNull();
    expect(cloudWord('2026')).toBeNull();
    expect(cloudWord('abc123')).toBeNull();
    expect(cloudWord('e-mail')).toBeNull();
    expect(cloudWord('the')).toBeNull();
    expect(cloudWord('However')).toBeNull();
    expect(cloudWord('div')).toBeNull();
    expect(cloudWord('span')).toBeNull();
    expect(cloudWord('nbsp')).toBeNull();
  });

  it('lists the ten most used words of notes changed in the last 7 days, most used first, ties alphabetical', () => {
    const recent =
      '<p>zeta zeta zeta alpha alpha beta gamma delta epsilon theta iota kappa lambda omicron the and 2026 x9 <span>span</span></p>';
    const stats = dashboardStatistics(
      notesAt([
        [A, '2026-11-22T10:00:00.000Z', recent],
        [B, '2026-11-23T01:00:00.000Z', '<p>alpha</p>'],
        [C, '2026-11-01T10:00:00.000Z', '<p>ancient ancient ancient ancient zeta</p>'],
      ]),
      NOW,
      'UTC',
    );
    expect(stats.topWords).toEqual([
      { word: 'alpha', count: 3 },
      { word: 'zeta', count: 3 },
      { word: 'beta', count: 1 },
      { word: 'delta', count: 1 },
      { word: 'epsilon', count: 1 },
      { word: 'gamma', count: 1 },
      { word: 'iota', count: 1 },
      { word: 'kappa', count: 1 },
      { word: 'lambda', count: 1 },
      { word: 'omicron', count: 1 },
    ]);
  });

  it('sizes word-cloud words from 14 px (least used) to 40 px (most used)', () => {
    expect(cloudFontSizePx(1, 1, 5)).toBe(14);
    expect(cloudFontSizePx(5, 1, 5)).toBe(40);
    expect(cloudFontSizePx(3, 1, 5)).toBe(27);
    expect(cloudFontSizePx(4, 4, 4)).toBe(27);
  });

  it('does not count markup: tag and attribute names and entities are not words', () => {
    const facts = bodyFacts({
      html: '<div class="bn-block-outer" data-id="x"><span style="color: red">hello</span>&nbsp;<strong>world</strong><script>ignored()</script></div>',
    });
    expect(Object.fromEntries(facts.cloudWords)).toEqual({ hello: 1, world: 1 });
    expect(facts.wordCount).toBe(2);
  });
});

describe('dashboard statistics: follow-up items', () => {
  it('finds follow-ups in HTML: a nested highlight is one item, a highlight split by bold is one item, separate ones stay apart', () => {
    const html =
      '<p>Call <span class="follow-up bg-yellow-200">Ana <span class="follow-up bg-yellow-200">about</span> the budget</span> today.</p>' +
      '<p><span class="follow-up bg-yellow-200">book </span><strong><span class="follow-up bg-yellow-200">the room</span></strong></p>' +
      '<p><span class="follow-up">first</span> <span class="follow-up">second</span></p>' +
      '<p><span class="follow-up bg-yellow-200">end of one block</span></p><p><span class="follow-up bg-yellow-200">next block</span></p>';
    expect(bodyFacts({ html }).followUps).toEqual([
      'Ana about the budget',
      'book the room',
      'first',
      'second',
      'end of one block',
      'next block',
    ]);
  });

  it('finds follow-ups in BlockNote blocks: adjacent styled runs, links, table cells and child blocks', () => {
    const blocks = [
      paragraph(
        [text('Call '), followUp('Ana '), followUp('today', { bold: true }), text(' and '), followUp('Ben')],
        [paragraph([{ type: 'link', href: 'https://x.test', content: [followUp('read the spec')] }])],
      ),
      {
        id: 't',
        type: 'table',
        props: {},
        content: {
          type: 'tableContent',
          rows: [{ cells: [{ type: 'tableCell', props: {}, content: [followUp('cell one')] }, [followUp('cell two')]] }],
        },
        children: [],
      },
      paragraph([followUp('   ')]),
    ];
    expect(bodyFacts({ html: '', blocks }).followUps).toEqual(['Ana today', 'Ben', 'read the spec', 'cell one', 'cell two']);
  });

  it('lists every note’s follow-ups with the note title, in manual order', () => {
    const notes = foldNotes(
      notesAt([
        [A, '2026-10-01T10:00:00.000Z', '<p><span class="follow-up">old item</span></p>'],
        [B, '2026-11-22T10:00:00.000Z', '<p><span class="follow-up">one</span> and <span class="follow-up">two</span></p>'],
      ]),
      [ev('note.renamed', { id: B, title: 'Meeting' }, '2026-11-22T10:00:00.000Z')],
    );
    expect(dashboardStatistics(notes, NOW, 'UTC').followUps).toEqual([
      { noteId: B, title: 'Meeting', text: 'one', index: 0 },
      { noteId: B, title: 'Meeting', text: 'two', index: 1 },
      { noteId: A, title: 'Note 1', text: 'old item', index: 0 },
    ]);
  });
});
