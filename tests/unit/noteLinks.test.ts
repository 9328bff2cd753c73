import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { LinkIndex, bodyLinkTargets, type HtmlNoteLinks } from '../../src/projections/noteLinks/linkIndex';
import { hasNoteTitled, pickNotes } from '../../src/projections/noteLinks/notePicker';
import { EMPTY_NOTES, INITIAL_VIEW, type NotesState } from '../../src/projections/notesState';
import { sidebarRows } from '../../src/projections/sidebar';
import { allRows, scanBodySearch } from '../support/sidebarRows';
import { block, text } from './blockBuilders';
import { ev } from './helpers';

/*
 * Links between notes as projections (docs/architecture.md "Links between notes"): which notes
 * link to which, from documents and from HTML, kept up to date per body; the picker's order; the
 * search's join of titles with links.
 */

/** The note ids of `<a data-note-id>` in HTML, read with htmlparser2 (the browser uses DOMParser). */
function counting(): HtmlNoteLinks & { calls: number } {
  const read = ((html: string) => {
    read.calls += 1;
    const ids: string[] = [];
    const parser = new Parser({ onopentag: (name, attrs) => name === 'a' && attrs['data-note-id'] && ids.push(attrs['data-note-id']) });
    parser.write(html);
    parser.end();
    return ids;
  }) as HtmlNoteLinks & { calls: number };
  read.calls = 0;
  return read;
}

const link = (noteId: string, label = 'label') => ({ type: 'noteLink', props: { noteId, label } });
/** The HTML BlockNote writes for a document with links: what the index checks before reading the document. */
const htmlOf = (...ids: string[]) =>
  `<p>${ids.map((id) => `<a href="/?note=${id}" class="note-link" data-note-id="${id}">x</a>`).join(' ')}</p>`;

const fold = (state: NotesState, ...events: AppEvent[]) => foldNotes(state, events);
const make = (id: string, title: string) => ev('note.created', { id, title });
const saveLinks = (id: string, ...targets: string[]) =>
  ev('note.body-saved', { id, html: htmlOf(...targets), blocks: [block('paragraph', [text('see '), ...targets.map((t) => link(t))])] });
const saveHtml = (id: string, html: string) => ev('note.body-saved', { id, html });

function library(): NotesState {
  return fold(
    EMPTY_NOTES,
    make('1', 'Alpha'),
    make('2', 'Beta'),
    make('3', 'Gamma'),
    make('4', 'Delta'),
    saveLinks('2', '1'),
    saveLinks('3', '1', '2', '3'),
    saveHtml('4', '<p>legacy <a href="/?note=1" data-note-id="1" class="note-link">Alpha</a></p>'),
  );
}

describe('which notes link to which', () => {
  it('reads links from the saved document, from the HTML of an HTML-only body, and leaves a note out of its own list', () => {
    const index = new LinkIndex(counting());
    const notes = library();
    expect(index.linkedFrom(notes, '1').sort()).toEqual(['2', '3', '4']);
    expect(index.linkedFrom(notes, '2')).toEqual(['3']);
    expect(index.linkedFrom(notes, '3')).toEqual([]);
    expect(index.linkedFrom(notes, '4')).toEqual([]);
  });

  it('reads a document or parses HTML only for bodies whose HTML holds a link', () => {
    const html = counting();
    const withoutLinks = fold(EMPTY_NOTES, make('1', 'A'), make('2', 'B'), saveHtml('1', '<p>plain</p>'), saveHtml('2', '<p>text</p>'));
    const index = new LinkIndex(html);
    expect(index.linkedFrom(withoutLinks, '1')).toEqual([]);
    expect(html.calls).toBe(0);
    expect(bodyLinkTargets(withoutLinks.bodies['1'], html)).toEqual([]);
    expect(bodyLinkTargets(fold(withoutLinks, saveHtml('2', htmlOf('1', '1'))).bodies['2'], html)).toEqual(['1']);
    expect(html.calls).toBe(1);
  });

  it('reads the links of a body whose document a start left unread from its HTML', () => {
    const html = counting();
    // An unread body: its HTML and the key of its document (docs/architecture.md "Snapshots").
    expect(bodyLinkTargets({ html: htmlOf('1', '3'), docKey: 'doc-2' }, html)).toEqual(['1', '3']);
    expect(html.calls).toBe(1);
  });

  it('follows saves incrementally: a save reads that body again and nothing else', () => {
    const html = counting();
    const index = new LinkIndex(html);
    let notes = library();
    index.update(notes);
    expect(html.calls).toBe(1);
    const version = index.version;
    notes = fold(notes, saveLinks('2', '3'));
    expect(index.linkedFrom(notes, '1').sort()).toEqual(['3', '4']);
    expect(index.linkedFrom(notes, '3')).toEqual(['2']);
    expect(index.version).toBeGreaterThan(version);
    notes = fold(notes, ev('note.renamed', { id: '3', title: 'Gamma 2' }), ev('note.starred', { id: '4' }));
    const unchanged = index.version;
    expect(index.linkedFrom(notes, '1').sort()).toEqual(['3', '4']);
    expect(index.version).toBe(unchanged);
    expect(html.calls).toBe(1);
    notes = fold(notes, saveHtml('4', '<p>no more links</p>'));
    expect(index.linkedFrom(notes, '1')).toEqual(['3']);
  });

  it('forgets the links of a deleted note and keeps the links to one (its linking notes show them as missing)', () => {
    const index = new LinkIndex(counting());
    let notes = library();
    index.update(notes);
    notes = fold(notes, ev('note.deleted', { id: '3' }));
    expect(index.linkedFrom(notes, '1').sort()).toEqual(['2', '4']);
    expect(index.linkedFrom(notes, '2')).toEqual([]);
    notes = fold(notes, ev('note.deleted', { id: '1' }));
    expect(index.linkedFrom(notes, '1').sort()).toEqual(['2', '4']);
    expect([...index.linkingTo(notes, ['1'])].sort()).toEqual(['2', '4']);
  });

  it('builds in budgeted slices that continue where they stopped and give what one update gives', () => {
    let notes = fold(EMPTY_NOTES, make('1', 'Hub'));
    const events: AppEvent[] = [];
    for (let i = 2; i < 300; i++) events.push(make(String(i), `Note ${i}`), saveLinks(String(i), '1', String(i - 1)));
    notes = fold(notes, ...events);
    const sliced = new LinkIndex(counting());
    let clock = 0;
    let calls = 0;
    while (!sliced.update(notes, 1, () => (clock += 1))) calls += 1;
    expect(calls).toBeGreaterThan(1);
    const whole = new LinkIndex(counting());
    for (const id of ['1', '2', '150', '299']) expect(sliced.linkedFrom(notes, id).sort()).toEqual(whole.linkedFrom(notes, id).sort());
    expect(sliced.linkedFrom(notes, '1')).toHaveLength(298);
  });
});

describe('the link picker', () => {
  const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const notes = fold(
    EMPTY_NOTES,
    ev('note.created', { id: '1', title: 'Plan for Monday' }, at(1)),
    ev('note.created', { id: '2', title: 'Weekly plan' }, at(2)),
    ev('note.created', { id: '3', title: 'Plan' }, at(3)),
    ev('note.created', { id: '4', title: 'Explanation' }, at(4)),
    ev('note.created', { id: '5', title: 'Groceries' }, at(5)),
    ev('note.created', { id: '6', title: 'Another plan' }, at(6)),
  );
  const titles = (ids: string[]) => ids.map((id) => notes.meta[id].title);

  it('lists an equal title, then titles starting with the query, then a word starting with it, then titles holding it; newest first within each', () => {
    expect(titles(pickNotes(notes, ' PLAN '))).toEqual(['Plan', 'Plan for Monday', 'Another plan', 'Weekly plan', 'Explanation']);
  });

  it('offers the notes changed last for an empty query, leaves out the note being written and keeps to the limit', () => {
    expect(titles(pickNotes(notes, '', '6', 3))).toEqual(['Groceries', 'Explanation', 'Plan']);
    expect(pickNotes(notes, 'zzz')).toEqual([]);
  });

  it('says whether a note already has the title typed, ignoring case and spaces around it', () => {
    expect(hasNoteTitled(notes, ' groceries ')).toBe(true);
    expect(hasNoteTitled(notes, 'grocer')).toBe(false);
  });
});

describe('search by the titles a note links to', () => {
  it('finds a note whose link points at a note whose title matches, after the title matches, with the body matches', () => {
    const notes = fold(
      library(),
      ev('note.renamed', { id: '1', title: 'Zebra facts' }),
      make('5', 'Zebra crossing'),
      saveHtml('5', '<p>stripes</p>'),
      make('6', 'Zoo'),
      saveHtml('6', '<p>a zebra</p>'),
    );
    const index = new LinkIndex(counting());
    const htmlText = (html: string) => html.replace(/<[^>]+>/g, ' ');
    const rows = sidebarRows(notes, { ...INITIAL_VIEW, search: 'zebra' }, scanBodySearch(notes, htmlText), (targets) =>
      index.linkingTo(notes, targets),
    );
    expect(allRows(rows).map((r) => r.title)).toEqual(['Zebra crossing', 'Zebra facts', 'Zoo', 'Delta', 'Gamma', 'Beta']);
    const withoutLinks = sidebarRows(notes, { ...INITIAL_VIEW, search: 'zebra' }, scanBodySearch(notes, htmlText));
    expect(allRows(withoutLinks).map((r) => r.title)).toEqual(['Zebra crossing', 'Zebra facts', 'Zoo']);
  });
});
