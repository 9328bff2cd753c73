import { it } from 'vitest';
import { foldNotes } from '../../src/projections/foldNotes';
import { foldApp } from '../../src/projections/foldApp';
import { EMPTY_NOTES, INITIAL_STATE } from '../../src/projections/notesState';
import { ev } from './helpers';

it('probe', () => {
  const events = [];
  for (let i = 0; i < 10000; i++) events.push(ev('note.imported', { id: String(1700000000000 + i), title: 'n' + i, html: '<p>x</p>', modified: '2026-11-20T10:00:00.000Z' } as never));
  let state = foldApp(INITIAL_STATE, events);
  const id = String(1700000000000 + 5);
  const times: number[] = [];
  for (let k = 0; k < 10; k++) {
    const t = performance.now();
    state = foldApp(state, [ev('note.body-saved', { id, html: `<p>v${k}</p>` } as never)]);
    times.push(performance.now() - t);
  }
  const times2: number[] = [];
  for (let k = 0; k < 10; k++) {
    const t = performance.now();
    state = foldApp(state, [ev('note.renamed', { id, title: `t${k}` } as never)]);
    times2.push(performance.now() - t);
  }
  console.log('body-saved fold ms', times.map((t) => t.toFixed(1)).join(' '));
  console.log('renamed fold ms', times2.map((t) => t.toFixed(1)).join(' '));
  void foldNotes; void EMPTY_NOTES;
});
