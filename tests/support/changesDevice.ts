/**
 * A device that saves a note as changes (docs/architecture.md "Saves as changes"), for fold tests:
 * a YBlockDoc started from the note's body at the revision the chain begins at, as the editor starts
 * it, and `note.changed` events carrying each save's update, changed blocks, order splices and HTML.
 */
import type { AppEvent } from '../../catalog';
import { YBlockDoc } from '../../src/projections/changes/blockModel';
import { joinParts } from '../../src/projections/changes/documentParts';
import { chainStartOrigin } from '../../src/projections/changes/changeDocument';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { updateToBase64 } from '../../src/projections/changes/updateBytes';

const PROPS = { backgroundColor: 'default', textAlignment: 'left', textColor: 'default' };

/** A paragraph block with plain text. */
export const para = (id: string, text: string): PlainBlock => ({
  id,
  type: 'paragraph',
  props: PROPS,
  content: text === '' ? [] : [{ type: 'text', text, styles: {} }],
  children: [],
});

/** A block's HTML alone, as BlockNote writes a paragraph (the fold only joins these). */
export const htmlOf = (block: PlainBlock): string =>
  `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${block.id}"><div class="bn-block" data-node-type="blockContainer" data-id="${block.id}"><div class="bn-block-content" data-content-type="${block.type}"><p class="bn-inline-content">${textOf(block)}</p></div></div></div>`;

/** The plain text of a block's inline content. */
export const textOf = (block: PlainBlock): string => ((block.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('');

/** A whole body's HTML: what a body save of `blocks` carries. */
export const wholeHtml = (blocks: readonly PlainBlock[]): string => joinParts(blocks, blocks.map(htmlOf));

let made = 0;
/** A new event id, unique in the test run. */
const newId = () => `0c4a06e5-0000-4000-8000-${String(++made).padStart(12, '0')}`;

/** An event of `type` at `at`, made by `device`. */
export function noteEvent<T extends AppEvent['type']>(
  type: T,
  payload: Extract<AppEvent, { type: T }>['payload'],
  device?: string,
  at?: string,
): AppEvent {
  const n = made + 1;
  return {
    v: 5,
    seq: n,
    id: newId(),
    at: at ?? new Date(Date.UTC(2026, 10, 27, 9, 0, n)).toISOString(),
    type,
    payload,
    ...(device ? { device } : {}),
  } as AppEvent;
}

/** The splices that turn id sequence `from` into `to`: one replacement of the range between their common ends. */
function splices(from: readonly string[], to: readonly string[]) {
  let head = 0;
  while (head < from.length && head < to.length && from[head] === to[head]) head++;
  let tail = 0;
  while (tail < from.length - head && tail < to.length - head && from[from.length - 1 - tail] === to[to.length - 1 - tail]) tail++;
  if (head === from.length && head === to.length) return [];
  return [{ at: head, remove: from.length - head - tail, insert: to.slice(head, to.length - tail) }];
}

/**
 * One device editing note `noteId` as changes: `from(blocks, revision)` starts its chain from the
 * whole body at `revision` (the note's current revision), as every device does.
 */
export class ChangesDevice {
  private model: YBlockDoc;
  private blocks: PlainBlock[];
  private base: string;
  private whole: boolean;

  /** `blocks`: the document of the body at `start`; null for a body without one (a new note), whose first change carries every block (`whole`). */
  constructor(
    readonly device: string,
    readonly noteId: string,
    blocks: PlainBlock[] | null,
    private readonly start: string,
  ) {
    // The chain's first state, as the fold writes it from the body at `start`.
    const origin = blocks ? chainStartOrigin({ html: wholeHtml(blocks), blocks }, start) : undefined;
    this.model = origin ? YBlockDoc.fromUpdates([YBlockDoc.initialState(origin, start)]) : new YBlockDoc();
    if (blocks) this.model.markApplied(blocks);
    this.blocks = blocks ?? [];
    this.whole = blocks === null;
    this.base = start;
  }

  /** The blocks this device shows. */
  get shown(): PlainBlock[] {
    return this.blocks;
  }

  /** A save of `blocks` as a change (title too, when given); the device's next save starts from it. */
  save(blocks: PlainBlock[], title?: string, at?: string): AppEvent {
    const update = this.model.save(blocks);
    const before = new Map(this.blocks.map((b) => [b.id, b]));
    const changed = blocks.filter((b) => this.whole || before.get(b.id) !== b).map((block) => ({ block, html: htmlOf(block) }));
    const order = this.whole
      ? []
      : splices(
          this.blocks.map((b) => b.id),
          blocks.map((b) => b.id),
        );
    const event = noteEvent(
      'note.changed',
      {
        id: this.noteId,
        base: this.base,
        start: this.start,
        update: update ? updateToBase64(update) : '',
        ...(changed.length ? { blocks: changed as never } : {}),
        ...(order.length ? { order } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(this.whole ? { whole: true as const } : {}),
      },
      this.device,
      at,
    );
    this.blocks = blocks;
    this.whole = false;
    this.base = event.id;
    return event;
  }
}
