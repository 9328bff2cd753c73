import { describe, expect, it } from 'vitest';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { dashboardStatistics, toStoredNoteCounts } from '../../src/projections/statistics';
import { knownCounts, STORED_NOTE_COUNTS_FORMAT, withoutGoneNotes } from '../../src/projections/storedNoteCounts';
import { ev } from './helpers';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const OLD = '2026-10-01T10:00:00.000Z';
const RECENT = '2026-11-22T10:00:00.000Z';
const followUp = (t: string) => ({ type: 'text', text: t, styles: { followUp: true } });
const paragraph = (content: unknown[]) => ({ id: 'b', type: 'paragraph', props: {}, content, children: [] });

const notes = foldNotes(EMPTY_NOTES, [
  ev('note.created', { id: '1', title: 'old' }, OLD),
  ev('note.body-saved', { id: '1', html: '<p>apple banana cherry</p>' }, OLD),
  ev('note.created', { id: '2', title: 'recent' }, RECENT),
  ev('note.body-saved', { id: '2', html: '<p>x</p>', blocks: [paragraph([followUp('call the plumber')])] }, RECENT),
  ev('note.created', { id: '3', title: 'empty' }, OLD),
]);

describe('stored dashboard counts', () => {
  it('give the same figures as reading every note, once through the browser store', () => {
    const stored = structuredClone(toStoredNoteCounts(notes, null));
    expect(dashboardStatistics(notes, NOW, 'UTC', knownCounts(stored))).toEqual(dashboardStatistics(notes, NOW, 'UTC'));
  });

  it('stand in for notes at the stored revision outside the last days, and a changed note is read again', () => {
    const stored = toStoredNoteCounts(notes, null);
    expect(stored.ids).toEqual(['3', '2', '1']);
    // Counts only the stored copy has: the dashboard uses them for an old note at that revision,
    // and reads the recent note (its words go to the word cloud).
    const doctored = knownCounts({ ...stored, wordCounts: Uint32Array.from([100, 200, 300]) });
    expect(dashboardStatistics(notes, NOW, 'UTC', doctored).totalWords).toBe(100 + 3 + 300);
    const later = foldNotes(notes, [ev('note.body-saved', { id: '1', html: '<p>one two</p>' }, OLD)]);
    expect(dashboardStatistics(later, NOW, 'UTC', doctored).totalWords).toBe(100 + 3 + 2);
    expect(dashboardStatistics(later, NOW, 'UTC', doctored).topWords.map((w) => w.word)).toEqual(['call', 'plumber']);
  });

  it('are ignored when stored in another form version', () => {
    const stored = toStoredNoteCounts(notes, null);
    expect(knownCounts({ ...stored, format: STORED_NOTE_COUNTS_FORMAT + 1 }).size).toBe(0);
    expect(knownCounts(stored).get('2')).toMatchObject({ followUps: ['call the plumber'] });
  });

  it('lose the counts and follow-up text of notes that are gone, keeping the others', () => {
    const stored = toStoredNoteCounts(notes, null);
    const after = foldNotes(notes, [ev('note.deleted', { id: '2' })]);
    const kept = withoutGoneNotes(structuredClone(stored), after);
    expect(kept.ids).toEqual(['3', '1']);
    expect(kept.followUps).not.toContain('plumber');
    expect(dashboardStatistics(after, NOW, 'UTC', knownCounts(kept))).toEqual(dashboardStatistics(after, NOW, 'UTC'));
    expect(withoutGoneNotes(stored, notes)).toBe(stored);
  });
});
