import { describe, expect, it } from 'vitest';
import { readLegacyNotes } from '../support/legacyNotes';

/** HTML as the original contentEditable editor wrote it: execCommand markup, lists, table, image, follow-up. */
const ORIGINAL_BODY =
  '<div><b>Meeting</b> with <i>Ana</i> and <u>Bo</u></div><div><font size="5">Big</font> and <font color="#9b87f5">purple</font></div>' +
  '<ul><li>first</li><li>second</li></ul><div><input type="checkbox" checked=""> done</div>' +
  '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>' +
  '<img src="data:image/jpeg;base64,/9j/4AAQ" style="max-width: 800px"><span class="follow-up bg-yellow-200">call back</span>';

const storage = (notes: unknown, bodies: Record<string, string> = {}, linked: unknown = []) => ({
  notes: typeof notes === 'string' ? notes : JSON.stringify(notes),
  linkedNotes: typeof linked === 'string' ? linked : JSON.stringify(linked),
  body: (id: string) => bodies[`note_${id}`] ?? null,
});

describe('legacy localStorage reader', () => {
  it('reads notes the original app wrote, with bodies and stars, in list order', () => {
    const reading = readLegacyNotes(
      storage(
        [
          { id: '1700000000002', title: 'Meeting', modified: '2026-11-01T09:00:00.000Z' },
          { id: '1700000000001', title: 'Other', modified: '2026-10-01T09:00:00.000Z' },
        ],
        { note_1700000000002: ORIGINAL_BODY },
        ['1700000000001'],
      ),
      () => false,
    );
    expect(reading.problems).toEqual([]);
    expect(reading.notes).toEqual([
      {
        id: '1700000000002',
        title: 'Meeting',
        modified: '2026-11-01T09:00:00.000Z',
        html: ORIGINAL_BODY,
        starred: false,
        source: 'localStorage',
      },
      { id: '1700000000001', title: 'Other', modified: '2026-10-01T09:00:00.000Z', html: '', starred: true, source: 'localStorage' },
    ]);
  });

  it('skips notes the log already knows', () => {
    const reading = readLegacyNotes(storage([{ id: '1', title: 'a', modified: '2026-01-01T00:00:00Z' }]), (id) => id === '1');
    expect(reading.notes).toEqual([]);
  });

  it('repairs what it can: numeric ids, missing titles, bad times, duplicates', () => {
    const reading = readLegacyNotes(
      storage([{ id: 1700000000000, modified: 'garbage' }, { id: 1700000000000, title: 'dup' }, { id: 'abc' }, null]),
      () => false,
    );
    expect(reading.notes).toHaveLength(1);
    expect(reading.notes[0]).toMatchObject({
      id: '1700000000000',
      title: 'Untitled Note',
      modified: new Date(1700000000000).toISOString(),
    });
    expect(reading.problems).toEqual(['skipped a note with id "abc"', 'skipped a note with id undefined']);
  });

  it('reports unreadable storage instead of throwing', () => {
    expect(readLegacyNotes(storage('{not json'), () => false)).toEqual({ notes: [], problems: ['notes is not valid JSON'] });
    expect(readLegacyNotes(storage({ a: 1 }), () => false).problems).toEqual(['notes is not a list']);
    expect(readLegacyNotes({ notes: null, linkedNotes: null, body: () => null }, () => false)).toEqual({ notes: [], problems: [] });
  });
});
