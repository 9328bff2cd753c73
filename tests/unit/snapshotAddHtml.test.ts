import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/events/logRecords';
import { BATCH_MAX_CHARS, DocumentGone, putDocuments, unreadBody } from '../../src/events/snapshotDocuments';
import { storedChars } from '../../src/events/storedSnapshot';

/**
 * The first snapshot after an update from the `'docKeys'` form adds each body's HTML to its old
 * record (docs/architecture.md "Documents by reference"). Its puts copy whole records, documents and
 * all, so they are cut into tasks by what they copy, whatever the task the reads' results come in.
 */

/**
 * A document store whose reads issued together are all answered in one task (as Chromium may hand
 * back large records together) and whose puts each succeed in a task of their own; it counts the
 * characters put in each task.
 */
function fakeStore(records: Map<string, DocumentRecord>) {
  let task = 0;
  const perTask = new Map<number, number>();
  const inTask = (f: () => void) => setTimeout(() => (task++, f()), 0);
  let reads: (() => void)[] = [];
  const store = {
    get(key: string) {
      return new Promise<DocumentRecord | undefined>((resolve) => {
        reads.push(() => resolve(records.get(key)));
        if (reads.length === 1)
          inTask(() => {
            const answered = reads;
            reads = [];
            for (const answer of answered) answer();
          });
      });
    },
    put(value: DocumentRecord & { html: string }, key: string) {
      perTask.set(task, (perTask.get(task) ?? 0) + storedChars(value));
      records.set(key, value);
      return new Promise<string>((resolve) => inTask(() => resolve(key)));
    },
  };
  return { store: store as unknown as Parameters<typeof putDocuments>[0], perTask };
}

const DOCUMENT_CHARS = 400_000;
/** `n` old records (a document, no HTML) and their unread bodies holding the HTML, as a `'docKeys'` snapshot read them. */
function oldForm(n: number) {
  const records = new Map<string, DocumentRecord>();
  const bodies = [];
  for (let i = 0; i < n; i++) {
    const key = `old-${i}`;
    records.set(key, { blocksJson: JSON.stringify(`${i}`.padEnd(DOCUMENT_CHARS - 2, 'x')) });
    bodies.push(unreadBody(key, `<p>${i}</p>`, undefined));
  }
  return { records, bodies };
}

describe("adding the HTML to a 'docKeys' snapshot's records", () => {
  it('puts them back with their HTML in tasks of at most about BATCH_MAX_CHARS copied, though their reads came back in one', async () => {
    const { records, bodies } = oldForm(40);
    const { store, perTask } = fakeStore(records);
    const keys = await putDocuments(store, bodies, new Set(records.keys()));
    expect([...keys.values()]).toEqual(bodies.map((b) => b.docKey));
    for (const [i, body] of bodies.entries()) {
      expect(records.get(body.docKey)).toEqual({ blocksJson: expect.any(String), html: `<p>${i}</p>` });
      expect(records.get(body.docKey)!.blocksJson).toHaveLength(DOCUMENT_CHARS);
    }
    // 16 MB of records in all: more than one task, none past the limit by more than one record.
    expect(perTask.size).toBeGreaterThan(1);
    expect(Math.max(...perTask.values())).toBeLessThan(BATCH_MAX_CHARS + DOCUMENT_CHARS + 100);
  });

  it('puts nothing when a record is gone', async () => {
    const { records, bodies } = oldForm(3);
    const existing = new Set(records.keys());
    records.delete('old-1');
    const { store, perTask } = fakeStore(records);
    await expect(putDocuments(store, bodies, existing)).rejects.toThrow(DocumentGone);
    expect(perTask.size).toBe(0);
  });
});
