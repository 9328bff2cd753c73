import { describe, expect, it } from 'vitest';
import { buildLogFile, LogFileError, parseLogFile, previewLogFile } from '../../src/events/logFile';
import { ev } from './helpers';

const events = [
  ev('note.created', { id: '1700000000001', title: 'a' }),
  ev('note.body-saved', { id: '1700000000001', html: '<p>x</p>' }),
  ev('ui.sort-changed', { sort: 'alpha' }),
];
const good = buildLogFile(events, null, new Date('2026-11-22T00:00:00Z'));

describe('log file', () => {
  it('round-trips through JSON and previews the events and notes it touches', () => {
    const parsed = parseLogFile(JSON.stringify(good));
    expect(parsed.events).toEqual(events);
    expect(previewLogFile(parsed)).toEqual({ events: 3, notes: ['1700000000001'], firstAt: events[0].at, lastAt: events[2].at });
  });

  it.each([
    ['bad JSON', '{"format":', /not valid JSON/],
    ['another kind of file', JSON.stringify({ hello: 1 }), /not a NotePad event log/],
    ['a future file version', JSON.stringify({ ...good, version: 99 }), /newer NotePad \(log file version 99\)/],
    [
      'a bad event in the middle',
      JSON.stringify({ ...good, events: [events[0], { ...events[1], payload: { id: 'x' } }, events[2]] }),
      /Event 2 of 3 is invalid: note.body-saved: bad field id/,
    ],
    [
      'a future event version',
      JSON.stringify({ ...good, events: [{ ...events[0], v: 99 }] }),
      /written by a newer NotePad \(event schema version 99\).*Reload to update NotePad/,
    ],
    ['events out of order', JSON.stringify({ ...good, events: [events[1], events[0]] }), /Event 2 is out of order/],
    ['a repeated id', JSON.stringify({ ...good, events: [events[0], { ...events[1], id: events[0].id }] }), /repeats the id/],
    ['an unreadable snapshot', JSON.stringify({ ...good, snapshot: { v: 1 } }), /snapshot/],
  ])('refuses %s with a reason', (_name, text, reason) => {
    expect(() => parseLogFile(text)).toThrow(LogFileError);
    expect(() => parseLogFile(text)).toThrow(reason);
  });
});
