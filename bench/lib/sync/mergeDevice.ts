/**
 * The second device of the merge figure (docs/benchmarks.md "Merge figure"): a Node client of the
 * account that reads the account as a device does (every event pulled, opened with the account key,
 * folded in server order by the app's notes fold) and saves a note as changes as the editor does
 * (src/ui/editor/changeModel.ts `ChangeModel`: the note's Y.Doc from its chain, one `note.changed`
 * per save with `base` the revision before it), its events sealed and pushed as the app pushes them.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMA_VERSION, readRecord, type AppEvent } from '../../../catalog';
import { loadChainEngine } from '../../../src/projections/changes/chainEngine';
import type { PlainBlock } from '../../../src/projections/changes/plainBlocks';
import { foldNotes } from '../../../src/projections/foldNotes';
import { bodyBlocks, EMPTY_NOTES, type NotesState } from '../../../src/projections/notesState';
import { ChangeModel } from '../../../src/ui/editor/changeModel';
import { htmlOf, textOf } from '../../../tests/support/changesDevice';
import { newDeviceId, SyncClient, type WireEvent } from '../../../tests/sync/client';
import { BENCH_PASSWORD } from './signInSteps';

/** The account as this device folds it: the notes, and the events pulled (with the device that pushed each). */
interface FoldedAccount {
  notes: NotesState;
  events: { deviceId: string; event: AppEvent }[];
}

/** A device of the account in Node, signed in with the account's password (its key unlocked). */
export class MergeDevice {
  readonly deviceId = newDeviceId();

  private constructor(private readonly client: SyncClient) {}

  /** Sign in to `email`'s account on `origin`. @throws when the host refuses. */
  static async signIn(origin: string, email: string): Promise<MergeDevice> {
    const client = new SyncClient(origin + '/', 120_000);
    const answer = await client.signIn(email, BENCH_PASSWORD);
    if (answer.status !== 200 || !client.keyring) throw new Error(`device B could not sign in: ${answer.status}`);
    await loadChainEngine();
    return new MergeDevice(client);
  }

  /** Pull every event of the account, open each and fold them in server order. @throws on an event that does not read. */
  async fold(): Promise<FoldedAccount> {
    const pulled = await this.client.pullAll(this.deviceId, 0, true);
    const events = await Promise.all(
      pulled.events.map(async ({ serverSeq, deviceId, event }) => {
        const read = readRecord(await this.client.open(event), { requireSeq: false });
        if (read.kind !== 'event') throw new Error(`event ${serverSeq} does not read: ${JSON.stringify(read)}`);
        return { deviceId, event: read.event };
      }),
    );
    return {
      notes: foldNotes(
        EMPTY_NOTES,
        events.map((e) => e.event),
      ),
      events,
    };
  }

  /**
   * Save note `noteId` of `notes` once per entry of `edits` (a top-level block index and a word typed at
   * the end of that block's text), each save a change on the one before, then push them in one batch, as a
   * device coming back online pushes its outbox. Returns the events pushed. @throws when the host refuses any.
   */
  async editAndPush(notes: NotesState, noteId: string, edits: readonly { index: number; word: string }[]): Promise<number> {
    const model = ChangeModel.open(notes.bodies[noteId], notes.revs[noteId]);
    if (!model) throw new Error('device B cannot save the note as changes (no chain to start from)');
    let blocks = bodyBlocks(notes.bodies[noteId]) as PlainBlock[];
    let base = notes.revs[noteId].id;
    const events: WireEvent[] = [];
    for (const { index, word } of edits) {
      const block = blocks[index];
      const edited: PlainBlock = { ...block, content: [{ type: 'text', text: `${textOf(block)} ${word}`, styles: {} }] };
      blocks = blocks.map((b, i) => (i === index ? edited : b));
      const parts = model.change(blocks, htmlOf);
      if (!parts) throw new Error(`device B's edit of block ${index} changed nothing`);
      const event: WireEvent = {
        v: EVENT_SCHEMA_VERSION,
        id: randomUUID(),
        at: new Date().toISOString(),
        type: 'note.changed',
        device: this.deviceId,
        payload: { id: noteId, base, start: model.start, ...parts },
      };
      events.push(event);
      base = event.id;
    }
    const answer = await this.client.push(this.deviceId, events);
    if (answer.status !== 200 || answer.json.refused?.length || answer.json.accepted.length !== events.length) {
      throw new Error(`device B's push answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
    }
    return events.length;
  }
}
