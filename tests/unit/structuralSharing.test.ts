import { describe, expect, it } from 'vitest';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { shareEqual } from '../../src/projections/structuralSharing';
import { ev } from './helpers';

const events = [
  ev('note.created', { id: '1', title: 'a' }),
  ev('note.created', { id: '2', title: 'b' }),
  ev('note.body-saved', { id: '1', html: '<p>x</p>' }),
];
const base = foldApp(INITIAL_STATE, events);

describe('structural sharing of equal projection parts', () => {
  it('keeps the previous objects when the same events are folded again from scratch', () => {
    const again = foldApp(
      INITIAL_STATE,
      events.map((e) => ({ ...e })),
    );
    expect(again.notes).not.toBe(base.notes);
    const shared = shareEqual(base, again);
    expect(shared.notes).toBe(base.notes);
    expect(shared.view).toBe(base.view);
  });

  it('gives new objects exactly where something differs', () => {
    const renamed = foldApp(base, [ev('note.renamed', { id: '2', title: 'c' }, '2026-11-21T10:00:00.000Z')]);
    const shared = shareEqual(base, renamed);
    expect(shared.notes.meta).not.toBe(base.notes.meta);
    expect(shared.notes.meta['2'].title).toBe('c');
    expect(shared.notes.bodies).toBe(base.notes.bodies);
    expect(shared.notes.order).toBe(base.notes.order);
    expect(shared.view).toBe(base.view);
    const searched = shareEqual(base, foldApp(base, [ev('ui.search-changed', { query: 'q' })]));
    expect(searched.view.search).toBe('q');
    expect(searched.notes).toBe(base.notes);
    expect(shareEqual(base, base)).toBe(base);
  });

  it('lets the log confirm an append without publishing new notes or view objects', async () => {
    const log = new EventLog({ storage: createMemoryLogStorage() });
    await log.load();
    await log.append('note.created', { id: '1', title: 'a' });
    const saving = log.append('note.body-saved', { id: '1', html: '<p>typed</p>', blocks: [] });
    const { notes, view } = log.state;
    await saving;
    expect(log.state.notes).toBe(notes);
    await log.append('ui.search-changed', { query: 'typed' });
    expect(log.pendingEvents()).toEqual([]);
    expect(log.state.notes).toBe(notes);
    expect(log.state.view).not.toBe(view);
    const searchView = log.state.view;
    await log.append('note.starred', { id: '1' });
    expect(log.state.view).toBe(searchView);
  });
});
