import { describe, expect, it } from 'vitest';
import { assertValidEvent, explainInvalid, InvalidEventError } from '../../catalog';
import { ev } from './helpers';

describe('event validator', () => {
  it('accepts every well-formed event of the catalog', () => {
    expect(explainInvalid(ev('note.created', { id: '1700000000000', title: 'A' }))).toBeNull();
    expect(explainInvalid(ev('note.body-saved', { id: '1700000000000', html: '<p>x</p>', blocks: [] }))).toBeNull();
    expect(explainInvalid(ev('note.selected', { id: null }))).toBeNull();
    expect(explainInvalid(ev('ui.sort-changed', { sort: 'alpha' }))).toBeNull();
    expect(explainInvalid(ev('log.imported', { events: 3, notes: 1, mode: 'replace' }))).toBeNull();
  });

  it('names what is wrong with a malformed event', () => {
    const good = ev('note.created', { id: '1700000000000', title: 'A' });
    expect(explainInvalid(null)).toBe('event is not an object');
    expect(explainInvalid({ ...good, v: 99 })).toMatch(/unsupported schema version 99/);
    expect(explainInvalid({ ...good, seq: -1 })).toMatch(/bad seq/);
    expect(explainInvalid({ ...good, type: 'note.exploded' })).toMatch(/unknown event type/);
    expect(explainInvalid({ ...good, at: 'yesterday' })).toBe('bad time');
    expect(explainInvalid({ ...good, payload: { id: 'abc', title: 'A' } })).toMatch(/bad field id/);
    expect(explainInvalid({ ...good, payload: { id: '1', title: 5 } })).toMatch(/bad field title/);
    expect(explainInvalid({ ...good, payload: { id: '1', title: 'A', extra: true } })).toMatch(/unknown field extra/);
    expect(explainInvalid({ ...ev('ui.sort-changed', { sort: 'alpha' }), payload: { sort: 'random' } })).toMatch(/bad field sort/);
  });

  it('accepts an event without seq only when asked to', () => {
    const { seq: _seq, ...unsequenced } = ev('note.deleted', { id: '1' });
    expect(explainInvalid(unsequenced, false)).toBeNull();
    expect(explainInvalid(unsequenced, true)).toMatch(/bad seq/);
  });

  it('throws InvalidEventError from assertValidEvent', () => {
    expect(() => assertValidEvent({ type: 'nope' })).toThrow(InvalidEventError);
  });
});
