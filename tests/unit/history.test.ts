import { describe, expect, it } from 'vitest';
import { noteRevisions } from '../../src/projections/history';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { ev } from './helpers';

describe('note history', () => {
  it('lists a note’s revisions newest first with the full title and body after each', () => {
    const events = [
      ev('note.created', { id: '1', title: 'Untitled Note' }, '2026-11-20T10:00:00.000Z'),
      ev('note.created', { id: '2', title: 'Other note' }),
      ev('note.body-saved', { id: '1', html: '<p>v1</p>', blocks: [{ type: 'paragraph' }] }, '2026-11-20T10:01:00.000Z'),
      ev('note.renamed', { id: '1', title: 'Plan' }, '2026-11-20T10:02:00.000Z'),
      ev('note.body-saved', { id: '2', html: '<p>not mine</p>' }),
      ev('note.body-saved', { id: '1', html: '<p>v2</p>' }, '2026-11-20T10:03:00.000Z'),
      ev('note.revision-restored', { id: '1', fromSeq: 3, html: '<p>v1</p>', title: 'Plan' }, '2026-11-20T10:04:00.000Z'),
    ];
    const revisions = noteRevisions('1', events, EMPTY_NOTES);
    expect(revisions.map((r) => [r.kind, r.title, r.html])).toEqual([
      ['restored', 'Plan', '<p>v1</p>'],
      ['saved', 'Plan', '<p>v2</p>'],
      ['renamed', 'Plan', '<p>v1</p>'],
      ['saved', 'Untitled Note', '<p>v1</p>'],
      ['created', 'Untitled Note', ''],
    ]);
    expect(revisions[3].blocks).toEqual([{ type: 'paragraph' }]);
    expect(revisions[2].blocks).toEqual([{ type: 'paragraph' }]);
  });

  it('is empty for a note the log does not know', () => {
    expect(noteRevisions('9', [ev('note.created', { id: '1', title: 'x' })], EMPTY_NOTES)).toEqual([]);
  });

  it('names where an imported note came from, and keeps its document for a restore', () => {
    const blocks = [{ type: 'paragraph', content: 'From Evernote' }];
    const payload = { title: 'Trip', modified: '2020-01-01T00:00:00.000Z', html: '<p>From Evernote</p>', starred: false };
    const events = [
      ev('note.imported', { id: '1', ...payload, source: 'evernote', file: 'My Notes.enex', importId: 'import-0001', blocks }),
      ev('note.imported', { id: '2', ...payload, source: 'localStorage' }),
      ev('note.imported', { id: '3', ...payload, source: 'keep' }),
    ];
    const [fromEvernote] = noteRevisions('1', events, EMPTY_NOTES);
    expect(fromEvernote).toMatchObject({ kind: 'imported', from: 'Evernote (My Notes.enex)', blocks });
    expect(noteRevisions('2', events, EMPTY_NOTES)[0].from).toBeUndefined();
    expect(noteRevisions('3', events, EMPTY_NOTES)[0].from).toBe('Google Keep');
  });
});
