import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPCASTERS, upcast, explainInvalid, type EventEnvelope } from '../../catalog';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { parseLogFile } from '../../src/events/logFile';

/**
 * The upcast mechanism (docs/architecture.md "Schema versions": schema changes add an upcaster instead of
 * rewriting stored events), tested with a pretend schema history of three versions whose upcasters
 * replace the real ones in this file only.
 *
 * Pretend history of `note.created`: version 1 stored `{ noteId, name }`, version 2 renamed
 * `noteId` to `id`, version 3 renamed `name` to `title` (today's shape).
 */
vi.mock('../../catalog/envelope', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../catalog/envelope')>()),
  EVENT_SCHEMA_VERSION: 3,
}));

const step1 = vi.fn((e: Record<string, unknown>) => {
  const { noteId, ...rest } = e.payload as Record<string, unknown>;
  return { ...e, v: 2, payload: { ...rest, id: noteId } };
});
const step2 = vi.fn((e: Record<string, unknown>) => {
  const { name, ...rest } = e.payload as Record<string, unknown>;
  return { ...e, v: 3, payload: { ...rest, title: name } };
});

const at = '2026-11-20T10:00:00.000Z';
const v1 = (seq: number, id: string, name: string) => ({
  v: 1,
  seq,
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  at,
  type: 'note.created',
  payload: { noteId: id, name },
});
const v2 = (seq: number, id: string, name: string) => ({
  v: 2,
  seq,
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  at,
  type: 'note.created',
  payload: { id, name },
});
const v3 = (seq: number, id: string, title: string) => ({
  v: 3,
  seq,
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  at,
  type: 'note.created',
  payload: { id, title },
});

beforeEach(() => {
  UPCASTERS[1] = step1;
  UPCASTERS[2] = step2;
});
afterEach(() => {
  for (const key of Object.keys(UPCASTERS)) delete UPCASTERS[Number(key)];
  vi.clearAllMocks();
});

describe('upcasting a stored record (pretend schema version 3)', () => {
  it('runs every step in order from the record’s version to the current one', () => {
    const result = upcast(v1(1, '5', 'From v1'));
    expect(result).toEqual(v3(1, '5', 'From v1'));
    expect(explainInvalid(result)).toBeNull();
    expect(step1).toHaveBeenCalledTimes(1);
    // The second step received the first step's output, not the stored record.
    expect(step2.mock.calls[0][0]).toMatchObject({ v: 2, payload: { id: '5', name: 'From v1' } });
  });

  it('starts a version-2 record at the second step', () => {
    expect(upcast(v2(2, '6', 'From v2'))).toEqual(v3(2, '6', 'From v2'));
    expect(step1).not.toHaveBeenCalled();
    expect(step2).toHaveBeenCalledTimes(1);
  });

  it('does not touch the stored record itself', () => {
    const stored = v1(1, '5', 'Kept');
    const copy = structuredClone(stored);
    upcast(stored);
    expect(stored).toEqual(copy);
  });

  it('leaves current and future versions as they are', () => {
    const current = v3(3, '7', 'Now');
    const future = { ...v3(4, '8', 'Later'), v: 4 };
    expect(upcast(current)).toBe(current);
    expect(upcast(future)).toBe(future);
    expect(step1).not.toHaveBeenCalled();
    expect(step2).not.toHaveBeenCalled();
  });

  it('stops where a step is missing, so the validator rejects the record instead of guessing', () => {
    delete UPCASTERS[2];
    const result = upcast(v1(1, '5', 'Half way'));
    expect(result).toMatchObject({ v: 2 });
    expect(explainInvalid(result)).toBe('unsupported schema version 2');
  });
});

describe('the log and log files read old versions through the upcasters', () => {
  it('a log holding versions 1, 2, 3 and 4 folds the first three and keeps the newer one untouched', async () => {
    const future = { ...v3(4, '8', 'Future'), v: 4 };
    const stored = [v1(1, '5', 'One'), v2(2, '6', 'Two'), v3(3, '7', 'Three'), future] as EventEnvelope[];
    const storage = createMemoryLogStorage(stored);
    const log = new EventLog({ storage });
    await log.load();
    expect(log.state.notes.order).toEqual(['7', '6', '5']);
    expect(['5', '6', '7'].map((id) => log.state.notes.meta[id].title)).toEqual(['One', 'Two', 'Three']);
    expect(await storage.quarantined()).toEqual([]);
    expect(log.status$.value.newerVersion).toBe(4);
    // Stored events are never rewritten: every record is still there as it was.
    expect(await storage.readAfter(0)).toEqual(stored);
  });

  it('an exported file with old versions imports as current events', () => {
    const text = JSON.stringify({
      format: 'notepad-event-log',
      version: 1,
      exportedAt: at,
      schemaVersion: 1,
      snapshot: null,
      events: [v1(1, '5', 'Old file'), v2(2, '6', 'Newer')],
    });
    const file = parseLogFile(text);
    expect(file.events).toEqual([v3(1, '5', 'Old file'), v3(2, '6', 'Newer')]);
  });
});
