import { describe, expect, it } from 'vitest';
import { readItem, removeItem, storageErrorKind, writeItem, type StorageArea } from '../../src/services/webStorage';
import { MemoryWebStorage } from './memoryWebStorage';

/** An area whose every access throws `error`, as a disabled or full browser storage does. */
function throwingArea(error: unknown): StorageArea {
  const fail = (): never => {
    throw error;
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

describe('web storage adapter', () => {
  it('reads, writes and removes a key of the area it is given', () => {
    const area = new MemoryWebStorage();
    expect(writeItem(area, 'notes', '[]')).toEqual({ ok: true });
    expect(readItem(area, 'notes')).toEqual({ ok: true, value: '[]' });
    expect(removeItem(area, 'notes')).toEqual({ ok: true });
    expect(readItem(area, 'notes')).toEqual({ ok: true, value: null });
  });

  it('reports a full area as a quota failure instead of throwing', () => {
    const area = new MemoryWebStorage(5);
    const written = writeItem(area, 'note_1', 'far too long for five characters');
    expect(written).toMatchObject({ ok: false, kind: 'quota' });
  });

  it('reports storage refused by the browser as blocked at every access', () => {
    const area = throwingArea(new DOMException('denied', 'SecurityError'));
    expect(readItem(area, 'notes')).toMatchObject({ ok: false, kind: 'blocked' });
    expect(writeItem(area, 'notes', '[]')).toMatchObject({ ok: false, kind: 'blocked' });
    expect(removeItem(area, 'notes')).toMatchObject({ ok: false, kind: 'blocked' });
  });

  it('keeps any other error as it was thrown, with kind other', () => {
    const error = new TypeError('storage is gone');
    expect(readItem(throwingArea(error), 'notes')).toEqual({ ok: false, kind: 'other', error });
  });

  it('classifies QuotaExceededError as quota and a plain error as other', () => {
    expect(storageErrorKind(new DOMException('full', 'QuotaExceededError'))).toBe('quota');
    expect(storageErrorKind(new Error('full'))).toBe('other');
  });
});
