import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { foldReading, type DocumentHolder } from '../../src/events/foldReads';
import { LogFold } from '../../src/events/logFold';
import type { DocumentRecord } from '../../src/events/logRecords';
import type { LogStorage } from '../../src/events/logStorage';
import { DocumentGone } from '../../src/events/snapshotDocuments';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { foldNotes } from '../../src/projections/foldNotes';
import { DocumentNotRead, EMPTY_NOTES, INITIAL_STATE, type NotesState } from '../../src/projections/notesState';
import { ChangesDevice, noteEvent, para, wholeHtml } from '../support/changesDevice';

/**
 * Folds onto unread bodies on a synced device (docs/architecture.md "Documents by reference"): a fold
 * that meets one changes nothing, and `foldReading` reads what it met and runs it again.
 */

const ONE = '1764230400000';
const BLOCKS = [para('b1', 'First.'), para('b2', 'Second.')];
const MINE = 'device-one-0000';

beforeAll(async () => {
  await loadChainEngine();
});

/** Note one saved whole, and the same notes with its body unread under `key`; a change of it by this device. */
function noteOne(key: string): { whole: NotesState; unread: NotesState; change: AppEvent } {
  const created = noteEvent('note.created', { id: ONE, title: 'One' }, 'device-two-0000');
  const saved = noteEvent('note.body-saved', { id: ONE, html: wholeHtml(BLOCKS), blocks: BLOCKS, base: created.id }, 'device-two-0000');
  const whole = foldNotes(EMPTY_NOTES, [created, saved]);
  const unread = { ...whole, bodies: { [ONE]: { docKey: key } } };
  const change = new ChangesDevice(MINE, ONE, BLOCKS, saved.id).save([para('b1', 'First, changed.'), BLOCKS[1]]);
  return { whole, unread, change: { ...change, seq: 1 } };
}

describe('LogFold on a server base holding unread bodies', () => {
  it('advance that meets an unread body changes nothing: head, outbox and notes stay as they were', () => {
    const { unread, change } = noteOne('k1');
    const renamed: AppEvent = { ...noteEvent('note.renamed', { id: ONE, title: 'Mine' }, MINE), seq: 2 };
    const theirs = { ...change, device: 'device-two-0000' };
    const fold = new LogFold({ ...INITIAL_STATE, notes: unread, seq: 2 });
    fold.enterSync({ head: 0, notes: unread }, [renamed]);
    const before = { outbox: [...fold.unordered], confirmed: fold.confirmed };
    // The server orders this device's rename, then the other device's change, which merges into the unread body.
    const entries = [
      { sseq: 1, event: renamed },
      { sseq: 2, event: theirs },
    ];
    expect(() => fold.advance(entries)).toThrow(DocumentNotRead);
    expect(fold.serverBase!.head).toBe(0);
    expect(fold.unordered).toEqual(before.outbox);
    expect(fold.confirmed).toBe(before.confirmed);
    expect(fold.readByAdvance(entries)).toEqual(new Set([ONE]));
  });

  it('enterSync of an outbox that merges into an unread body changes nothing', () => {
    const { unread, change } = noteOne('k1');
    const fold = new LogFold(INITIAL_STATE);
    expect(() => fold.enterSync({ head: 3, notes: unread }, [change])).toThrow(DocumentNotRead);
    expect(fold.synced).toBe(false);
    expect(fold.confirmed).toBe(INITIAL_STATE);
  });
});

/** A storage that holds `documents` only, recording the keys each read asked for. */
function documentsStorage(documents: Record<string, DocumentRecord>): { storage: LogStorage; asked: (readonly string[] | null)[] } {
  const asked: (readonly string[] | null)[] = [];
  const storage = {
    readDocuments: async (keys: readonly string[] | null) => {
      asked.push(keys);
      return new Map((keys ?? Object.keys(documents)).filter((k) => k in documents).map((k) => [k, documents[k]]));
    },
  } as unknown as LogStorage;
  return { storage, asked };
}

describe('foldReading', () => {
  it('reads the notes it is told first; a body it meets unread nevertheless is read and the fold runs again, once done', async () => {
    const { whole, unread, change } = noteOne('k1');
    const { storage, asked } = documentsStorage({ k1: { html: wholeHtml(BLOCKS), blocksJson: JSON.stringify(BLOCKS) } });
    const fold = new LogFold({ ...INITIAL_STATE, notes: unread, seq: 1 });
    fold.enterSync({ head: 0, notes: unread }, []);
    // Told nothing (a guess that missed): the fold meets the unread body, reads it by its key and runs again.
    const moved = await foldReading(storage, fold, [], () => fold.advance([{ sseq: 1, event: change }]));
    expect(moved).toBe(1);
    expect(asked).toEqual([['k1']]);
    expect(fold.serverBase!.notes.meta).toEqual(foldNotes(whole, [change]).meta);
    expect(fold.serverBase!.notes.bodies[ONE].html).toBe(foldNotes(whole, [change]).bodies[ONE].html);
  });

  it('fails with DocumentGone when the record is gone, and with the fold’s other errors as they are', async () => {
    const { storage } = documentsStorage({});
    const holder: DocumentHolder = { unreadKeys: () => ['k9'], putDocuments: () => {} };
    await expect(foldReading(storage, holder, ['x'], () => 1)).rejects.toBeInstanceOf(DocumentGone);
    const empty: DocumentHolder = { unreadKeys: () => [], putDocuments: () => {} };
    await expect(
      foldReading(storage, empty, [], () => {
        throw new RangeError('not a read');
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
