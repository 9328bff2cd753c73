/**
 * The shown note's document as a Y.Doc in the block model, kept beside the editor (docs/architecture.md
 * "Saves as changes"): a save writes what changed into it and carries that transaction's update, the
 * changed top-level blocks with their HTML alone and the splices of the top-level order. Loaded with Yjs
 * after the editor is editable (noteChanges.ts), never on the keystroke path.
 */
import * as Y from 'yjs';
import diff from 'fast-diff';
import type { AppEvent } from '../../../catalog';
import { YBlockDoc } from '../../projections/changes/blockModel';
import { IdAlphabet } from '../../projections/changes/idAlphabet';
import { chainOrigin } from '../../projections/changes/chainState';
import { chainStartDocument, chainStartOrigin } from '../../projections/changes/changeDocument';
import { topLevelOf, type PlainBlock } from '../../projections/changes/plainBlocks';
import { updateFromBase64, updateToBase64 } from '../../projections/changes/updateBytes';
import { bodyBlocks, bodyChain, type NoteBody, type NoteRevisionRef } from '../../projections/notesState';
import { isPendingBody } from '../../projections/pendingBodies';

type ChangedPayload = AppEvent<'note.changed'>['payload'];
/** What a save as a change carries besides the note's id, base and chain start. */
export type ChangeParts = Pick<ChangedPayload, 'update' | 'blocks' | 'order' | 'whole'>;
/** A splice of the top-level ids: remove `remove` at `at`, then insert `insert` there. */
type Splice = NonNullable<ChangedPayload['order']>[number];

/** The splices that turn the id sequence `from` into `to`, applied in order (a diff of the sequences, fast-diff). */
export function orderSplices(from: readonly string[], to: readonly string[]): Splice[] {
  if (from.length === to.length && from.every((id, i) => id === to[i])) return [];
  const alphabet = new IdAlphabet();
  const a = from.map((id) => alphabet.of(id)).join('');
  const b = to.map((id) => alphabet.of(id)).join('');
  const splices: Splice[] = [];
  let at = 0;
  let toAt = 0;
  for (const [op, chars] of diff(a, b)) {
    if (op === diff.EQUAL) {
      at += chars.length;
      toAt += chars.length;
      continue;
    }
    const last = splices[splices.length - 1];
    const joins = last !== undefined && last.at + last.insert.length === at;
    if (op === diff.DELETE) {
      if (joins && last.insert.length === 0) last.remove += chars.length;
      else splices.push({ at, remove: chars.length, insert: [] });
    } else {
      const insert = to.slice(toAt, toAt + chars.length);
      if (joins) last.insert.push(...insert);
      else splices.push({ at, remove: 0, insert });
      at += chars.length;
      toAt += chars.length;
    }
  }
  return splices;
}

/** The part of the shown note (noteSave.ts `ShownNote`) saves as changes follow. */
export interface ChangesHolder {
  noteId: string | null;
  /** The HTML last shown or saved. */
  html: string | null;
  baseRev: string | undefined;
  /** The note's document at `baseRev`, ready for the next save; null: a save carries the whole body. */
  changes: ChangeModel | null;
  /** The latest request to make `changes` (an older one that finishes late is dropped). */
  preparing?: object;
}

const topIds = (blocks: readonly unknown[] | undefined) => (blocks ?? []).map((b) => (b as { id: string }).id);

/**
 * The shown note's Y.Doc on its chain of changes. `start`: the revision the chain began at (for a note
 * without a chain, the revision its first save starts one from); `top`: the top-level ids of the
 * document the next save starts from (null: that save carries the whole document).
 */
export class ChangeModel {
  /** Stored updates (base64) this document holds: a later state's other updates are remote changes. */
  private readonly held: Set<string>;

  private constructor(
    readonly start: string,
    private readonly model: YBlockDoc,
    held: Iterable<string>,
    private top: string[] | null,
  ) {
    this.held = new Set(held);
  }

  /**
   * The document of note body `body` at revision `rev`, as the notes fold will see it: its chain's first
   * state and every stored update, or, for a body without a chain, the first state a chain starting from
   * it has (`chainStartOrigin`). Null where a save must carry the whole body instead: a body not read yet,
   * a note holding only what changes brought (`partial`), a chain whose state is missing. `shown` gives the
   * editor's blocks: those equal to the saved body are taken as saved, so the first save compares only
   * what differs (without it, every block is compared at the first save).
   */
  static open(body: NoteBody | undefined, rev: NoteRevisionRef | undefined, shown?: () => readonly PlainBlock[]): ChangeModel | null {
    const steps = ChangeModel.opening(body, rev, shown);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * `open` as a generator of small steps (a top-level block written or compared, a stored update applied),
   * so the editor can spread it over background tasks (noteChanges.ts); its value is `open`'s. The
   * editor's blocks are read from `shown` after the document is made, so they are what it shows then.
   */
  static *opening(
    body: NoteBody | undefined,
    rev: NoteRevisionRef | undefined,
    shown?: () => readonly PlainBlock[],
  ): Generator<void, ChangeModel | null, void> {
    if (!body || !rev || isPendingBody(body) || rev.partial) return null;
    const model = new YBlockDoc();
    let start: string;
    let saved: readonly PlainBlock[];
    let held: readonly string[] = [];
    let top: string[] | null;
    if (rev.chain !== undefined) {
      const chain = bodyChain(body);
      if (!chain) return null;
      const origin = chainOrigin(chain);
      if (origin) yield* model.writeFirstState(origin, rev.chain);
      for (const update of chain.updates) {
        yield;
        applyStored(model, update);
      }
      start = rev.chain;
      held = chain.updates;
      saved = (bodyBlocks(body) as PlainBlock[] | undefined) ?? [];
      top = topIds(saved);
    } else {
      const origin = chainStartOrigin(body, rev.id);
      if (origin) yield* model.writeFirstState(origin, rev.id);
      yield;
      const startDoc = chainStartDocument(body, rev.id);
      start = rev.id;
      saved = origin ?? [];
      top = startDoc ? topIds(startDoc.blocks) : null;
    }
    yield;
    yield* model.markSaved(saved, shown?.() ?? []);
    return new ChangeModel(start, model, held, top);
  }

  /** The top-level blocks of `blocks` the next save compares with the document. @internal Test seam */
  unsaved(blocks: readonly PlainBlock[]): string[] {
    return this.model.unapplied(blocks);
  }

  /**
   * What a save of `blocks` (the editor's top-level blocks) carries, or null when it changes nothing.
   * `htmlOf` gives a top-level block's HTML alone; `stale` are top-level blocks whose stored HTML a merge
   * left behind (docs/architecture.md "Saves as changes"): they are carried again with their HTML, and a
   * save that changes nothing else carries only them (an empty update).
   */
  change(blocks: readonly PlainBlock[], htmlOf: (block: PlainBlock) => string, stale: readonly string[] = []): ChangeParts | null {
    const { result: update, touched } = this.model.touching(() => this.model.save(blocks));
    const present = stale.length ? new Set(topIds(blocks)) : null;
    const refresh = stale.filter((id) => present?.has(id));
    // Nothing changed, but blocks a merge left with older HTML get theirs: a change without an update.
    if (update === null && refresh.length === 0) return null;
    const encoded = update ? updateToBase64(update) : '';
    if (encoded) this.held.add(encoded);
    const ids = topIds(blocks);
    const whole = this.top === null;
    const wanted = new Set<string>();
    if (!whole) {
      const topOf = topLevelOf(blocks);
      for (const id of touched) {
        const top = topOf.get(id);
        if (top !== undefined) wanted.add(top);
      }
      for (const id of refresh) wanted.add(id);
    }
    const carried = blocks.filter((block) => whole || wanted.has(block.id)).map((block) => ({ block, html: htmlOf(block) }));
    const order = whole ? [] : orderSplices(this.top!, ids);
    this.top = ids;
    return {
      update: encoded,
      ...(carried.length ? { blocks: carried as unknown as ChangedPayload['blocks'] } : {}),
      ...(order.length ? { order } : {}),
      ...(whole ? { whole: true as const } : {}),
    };
  }

  /**
   * Take the stored updates of the note's chain (`updates`, base64) this document does not hold yet: another
   * device's or tab's changes. Returns the ids of the blocks they touched; `blocks` (the note's blocks after
   * them, as the fold gives them) become the top-level order the next save starts from.
   */
  receive(updates: readonly string[], blocks: readonly unknown[]): Set<string> {
    const { touched } = this.model.touching(() => {
      for (const update of updates) {
        if (this.held.has(update)) continue;
        this.held.add(update);
        applyStored(this.model, update);
      }
    });
    // Blocks the editor shows anew (their top-level block replaced whole) are compared with the document at the next save.
    const topOf = topLevelOf(blocks as PlainBlock[]);
    this.model.forget([...touched, ...[...touched].map((id) => topOf.get(id) ?? id)]);
    this.top = topIds(blocks);
    return touched;
  }

  /**
   * A place in block `id`'s text (`offset` characters in) that follows the text's changes: where
   * `placeOf` finds it after `receive`, or null when the block has no text.
   */
  anchor(id: string, offset: number): { id: string; position: Y.RelativePosition } | null {
    const text = this.model.textOf(id);
    if (!text) return null;
    // Tied to the character before it (assoc -1): text inserted at the caret elsewhere goes after the caret, not before it.
    const at = Math.min(offset, text.length);
    return { id, position: Y.createRelativePositionFromTypeIndex(text, at, at > 0 ? -1 : 0) };
  }

  /** The offset in its block's text of a place `anchor` made, or null when the block or its text is gone. */
  placeOf(anchor: { id: string; position: Y.RelativePosition }): number | null {
    const absolute = Y.createAbsolutePositionFromRelativePosition(anchor.position, this.model.doc);
    return absolute && absolute.type === this.model.textOf(anchor.id) ? absolute.index : null;
  }
}

/** Apply one stored update; a damaged one changes nothing, as in the fold. */
function applyStored(model: YBlockDoc, update: string): void {
  if (update === '') return;
  try {
    model.applyRemote(updateFromBase64(update));
  } catch {
    // Yjs decodes an update whole before it integrates anything.
  }
}
