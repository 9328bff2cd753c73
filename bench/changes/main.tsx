/**
 * The page of the saves-as-changes spike (docs/changes-spike.md, `npx tsx bench/changes/run.ts`):
 * one BlockNote editor, with BlockNote's default schema ("bare") or NotePad's schema and editor
 * extensions ("note"), with or without BlockNote's Yjs binding (`withCollaboration`, a
 * Y.XmlFragment, no provider). The harness mounts a document, types with real key events (the
 * probe of bench/lib/probes.ts), and calls the measurements below. Nothing here is product code.
 */
import { createRoot, type Root } from 'react-dom/client';
import * as Y from 'yjs';
import { updateYFragment } from 'y-prosemirror';
import { BlockNoteEditor, BlockNoteSchema, type PartialBlock } from '@blocknote/core';
import { blocksToYDoc, withCollaboration, yXmlFragmentToBlocks } from '@blocknote/core/yjs';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/core/fonts/inter.css';
import '@blocknote/mantine/style.css';
import { noteSchema } from '../../src/ui/editor/schema';
import { longNote } from '../../src/ui/editor/longNote';
import { selectAll } from '../../src/ui/editor/selectAll';
import { reactSelectionGuard } from '../../src/ui/editor/reactSelectionGuard';
import { BlockHtmlCache } from '../../src/ui/editor/blockHtmlCache';
import { YBlockDoc } from '../../src/projections/changes/blockModel';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { blockChanges } from './blockChanges';
import { makePatch } from './textPatches';

type AnyEditor = BlockNoteEditor<any, any, any>;
type Blocks = PartialBlock<any, any, any>[];

/** Which editor a mount makes. */
export interface MountOptions {
  schema: 'bare' | 'note';
  y: 'none' | 'live';
  blocks: Blocks;
}

const FRAGMENT = 'prosemirror';
const LONG_NOTE_CSS = '.note-editor .bn-editor[data-long-note] .bn-block-outer{content-visibility:auto;contain-intrinsic-size:auto 1.5em}';

const schemaOf = (kind: MountOptions['schema']) => (kind === 'note' ? noteSchema : BlockNoteSchema.create());
const editorOptions = (kind: MountOptions['schema']) =>
  kind === 'note' ? { schema: noteSchema, extensions: [longNote, selectAll, reactSelectionGuard] } : { schema: BlockNoteSchema.create() };

/** A block-count wait: resolves at the frame after `.bn-block-outer` count reaches `n`. */
function rendered(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll('.bn-editor .bn-block-outer').length >= n) setTimeout(resolve, 0);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const time = <T,>(fn: () => T): [T, number] => {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
};

/** Add ` word` at the end of top-level block `index` (one editor transaction, as a typed word would end up). */
function addWord(editor: AnyEditor, index: number, word: string): void {
  editor.setTextCursorPosition(editor.document[index].id, 'end');
  editor.insertInlineContent(` ${word}`);
}

let root: Root | null = null;
let shown: { editor: AnyEditor; doc: Y.Doc | null; options: MountOptions } | null = null;
/** Every update of the shown Y.Doc since mount (live binding): time and bytes. */
const updates: { t: number; u: Uint8Array }[] = [];

const spike = {
  /**
   * Mount an editor holding `blocks` and resolve once every block is in the DOM: the load time in
   * ms from reading the stored form (blocks JSON, or the Y.Doc's state) to that frame.
   * Live: the Y.Doc's state (v2) is made first (untimed) with a headless editor of the same schema.
   */
  async mount(options: MountOptions): Promise<{ loadMs: number; stateV2Bytes: number | null }> {
    root?.unmount();
    updates.length = 0;
    const host = document.getElementById('root')!;
    if (options.y === 'none') {
      const stored = JSON.stringify(options.blocks);
      const t0 = performance.now();
      const editor = BlockNoteEditor.create(editorOptions(options.schema) as never) as AnyEditor;
      root = createRoot(host);
      root.render(
        <div className="note-editor">
          <BlockNoteView editor={editor} theme="light" formattingToolbar={options.schema === 'bare'} />
        </div>,
      );
      await rendered(1);
      editor.replaceBlocks(editor.document, JSON.parse(stored) as Blocks);
      await rendered(options.blocks.length);
      shown = { editor, doc: null, options };
      return { loadMs: performance.now() - t0, stateV2Bytes: null };
    }
    const headless = BlockNoteEditor.create({ schema: schemaOf(options.schema) } as never) as AnyEditor;
    const state = Y.encodeStateAsUpdateV2(blocksToYDoc(headless, options.blocks, FRAGMENT));
    const t0 = performance.now();
    const doc = new Y.Doc();
    Y.applyUpdateV2(doc, state);
    doc.on('updateV2', (u: Uint8Array) => updates.push({ t: performance.now(), u }));
    const editor = BlockNoteEditor.create(
      withCollaboration({
        ...editorOptions(options.schema),
        collaboration: { fragment: doc.getXmlFragment(FRAGMENT), user: { name: 'Bench', color: '#7c3aed' } },
      }) as never,
    ) as AnyEditor;
    root = createRoot(host);
    root.render(
      <div className="note-editor">
        <BlockNoteView editor={editor} theme="light" formattingToolbar={options.schema === 'bare'} />
      </div>,
    );
    await rendered(options.blocks.length);
    shown = { editor, doc, options };
    return { loadMs: performance.now() - t0, stateV2Bytes: state.length };
  },

  /** Bytes of each Y.Doc update since `from` (live binding: one per keystroke). */
  updateBytes(from = 0): number[] {
    return updates.slice(from).map((x) => x.u.length);
  },

  /** Merged size (mergeUpdatesV2) of consecutive groups of `size` updates from `from`, and the time to merge each. */
  mergedGroups(from: number, size: number): { bytes: number; ms: number }[] {
    const out: { bytes: number; ms: number }[] = [];
    for (let i = from; i + size <= updates.length; i += size) {
      const [merged, ms] = time(() => Y.mergeUpdatesV2(updates.slice(i, i + size).map((x) => x.u)));
      out.push({ bytes: merged.length, ms });
    }
    return out;
  },

  /** The shown Y.Doc's whole state, v2 and v1 (bytes; the harness gzips them), and the time to encode it. */
  state(): { v2: number[]; v1Bytes: number; encodeMs: number } {
    const doc = shown!.doc!;
    const [v2, encodeMs] = time(() => Y.encodeStateAsUpdateV2(doc));
    return { v2: Array.from(v2), v1Bytes: Y.encodeStateAsUpdate(doc).length, encodeMs };
  },

  /**
   * The shown Y.Doc into BlockNote blocks (`yXmlFragmentToBlocks`, a fresh headless editor of the same
   * schema, as the mirror and search would need) and those blocks into HTML (`blocksToFullHTML`).
   */
  yToHtml(): { blocksMs: number; htmlMs: number; blocks: number } {
    const headless = BlockNoteEditor.create({ schema: schemaOf(shown!.options.schema) } as never) as AnyEditor;
    const [blocks, blocksMs] = time(() => yXmlFragmentToBlocks(headless, shown!.doc!.getXmlFragment(FRAGMENT)));
    const [, htmlMs] = time(() => headless.blocksToFullHTML(blocks));
    return { blocksMs, htmlMs, blocks: blocks.length };
  },

  /**
   * Save-path costs in the shown editor (no binding), `reps` one-word edits of block `at`:
   * today's derivations (`editor.document`, whole `blocksToFullHTML`, the per-block HTML cache,
   * `JSON.stringify`), and each candidate's work and bytes per save: (a') y-prosemirror's
   * `updateYFragment` on a Y.Doc beside the editor, (a') the block model of yBlockDoc.ts,
   * (b) block changes, (c) an HTML patch.
   */
  saveCosts(reps: number, at: number) {
    const { editor } = shown!;
    const cache = new BlockHtmlCache(editor as never);
    const rows: Record<string, number>[] = [];
    // Set-up, timed once: the Y.Doc of each (a') variant from the document as loaded.
    const pmDoc = new Y.Doc();
    const fragment = pmDoc.getXmlFragment(FRAGMENT);
    const meta = { mapping: new Map(), isOMark: new Map() };
    const [, pmFirstMs] = time(() => updateYFragment(pmDoc, fragment, editor.prosemirrorState.doc, meta as never));
    const model = new YBlockDoc();
    const [, modelFirstMs] = time(() => model.save(editor.document as PlainBlock[]));
    let pmUpdate: Uint8Array | null = null;
    pmDoc.on('updateV2', (u: Uint8Array) => (pmUpdate = u));
    const [firstHtml, primeMs] = time(() => cache.html(editor.document as never));
    let lastHtml = firstHtml;
    let lastBlocks = editor.document as PlainBlock[];
    for (let i = 0; i < reps; i++) {
      addWord(editor, at, `word${i}`);
      const [blocks, documentMs] = time(() => editor.document as PlainBlock[]);
      const [html, cacheHtmlMs] = time(() => cache.html(blocks as never));
      const [, fullHtmlMs] = time(() => editor.blocksToFullHTML(blocks as never));
      const [json, stringifyMs] = time(() => JSON.stringify(blocks));
      pmUpdate = null;
      const [, pmSaveMs] = time(() => updateYFragment(pmDoc, fragment, editor.prosemirrorState.doc, meta as never));
      const pmBytes = (pmUpdate as Uint8Array | null)?.length ?? 0;
      const [modelUpdate, modelSaveMs] = time(() => model.save(blocks));
      const [changes, changesMs] = time(() => JSON.stringify(blockChanges(lastBlocks, blocks)));
      const [patch, patchMs] = time(() => makePatch(lastHtml, html));
      rows.push({
        documentMs,
        cacheHtmlMs,
        fullHtmlMs,
        stringifyMs,
        jsonChars: json.length,
        htmlChars: html.length,
        pmSaveMs,
        pmBytes,
        modelSaveMs,
        modelBytes: modelUpdate?.length ?? 0,
        changesMs,
        changesChars: changes.length,
        patchMs,
        patchChars: patch.length,
      });
      lastHtml = html;
      lastBlocks = blocks;
    }
    return {
      setup: {
        pmFirstMs,
        modelFirstMs,
        primeMs,
        pmStateV2: Y.encodeStateAsUpdateV2(pmDoc).length,
        modelStateV2: Y.encodeStateAsUpdateV2(model.doc).length,
      },
      rows,
    };
  },

  /**
   * Two devices, live binding: the shown editor is device A; device B is a copy of its Y.Doc that
   * makes `edits` one-word edits in different blocks while offline (one update each). Then A applies
   * B's updates (one by one, as a pull hands them over, or merged into one first) and we time until the editor has them and
   * the frame after. Returns the time and whether A's Y.Doc equals B's (same state vector, same text).
   */
  async applyRemote(edits: number, merged: boolean): Promise<{ applyMs: number; frameMs: number; converged: boolean }> {
    const a = shown!.doc!;
    const b = new Y.Doc();
    Y.applyUpdateV2(b, Y.encodeStateAsUpdateV2(a));
    const got: Uint8Array[] = [];
    b.on('updateV2', (u: Uint8Array) => got.push(u));
    const group = b.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement;
    const count = group.length;
    for (let i = 0; i < edits; i++) {
      const container = group.get(Math.floor(((i + 0.5) * count) / edits)) as Y.XmlElement;
      const text = (container.get(0) as Y.XmlElement).get(0) as Y.XmlText;
      text.insert(text.length, ` remote${i}`);
    }
    const t0 = performance.now();
    if (merged) Y.applyUpdateV2(a, Y.mergeUpdatesV2(got));
    else for (const u of got) Y.applyUpdateV2(a, u);
    const applyMs = performance.now() - t0;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const frameMs = performance.now() - t0;
    const converged =
      a.getXmlFragment(FRAGMENT).toJSON() === b.getXmlFragment(FRAGMENT).toJSON() &&
      shown!.editor.prosemirrorState.doc.textContent.includes(` remote${edits - 1}`);
    return { applyMs, frameMs, converged };
  },

  /**
   * Two devices, (a') block model: the shown editor (no binding) holds A's note; B's `edits`
   * one-word edits in different blocks arrive as updates of the block model's Y.Doc. Timed: applying
   * them to A's Y.Doc, reading its blocks, and showing them in the editor (replaceBlocks of the
   * changed blocks only), to the frame after.
   */
  async applyRemoteModel(edits: number): Promise<{ applyMs: number; readMs: number; showMs: number; frameMs: number; converged: boolean }> {
    const { editor } = shown!;
    const a = new YBlockDoc();
    a.save(editor.document as PlainBlock[]);
    const b = new YBlockDoc();
    Y.applyUpdateV2(b.doc, Y.encodeStateAsUpdateV2(a.doc));
    let blocks = b.toBlocks();
    b.save(blocks);
    const got: Uint8Array[] = [];
    for (let i = 0; i < edits; i++) {
      const index = Math.floor(((i + 0.5) * blocks.length) / edits);
      const block = blocks[index];
      blocks = blocks.slice();
      blocks[index] = { ...block, content: [...(block.content as unknown[]), { type: 'text', text: ` remote${i}`, styles: {} }] };
      got.push(b.save(blocks)!);
    }
    const t0 = performance.now();
    const changed = new Set<string>();
    // The blocks a remote transaction touched: climb from each changed type to its entry in the `blocks` map (keyed by block id).
    const entries = a.doc.getMap('blocks');
    a.doc.on('afterTransaction', (tr: Y.Transaction) => {
      for (const type of tr.changed.keys()) {
        let item = type._item;
        while (item && item.parent !== entries) item = (item.parent as Y.AbstractType<unknown>)._item;
        if (item?.parentSub) changed.add(item.parentSub);
      }
    });
    for (const u of got) Y.applyUpdateV2(a.doc, u);
    const applyMs = performance.now() - t0;
    const [next, readMs] = time(() => a.toBlocks());
    const [, showMs] = time(() => {
      const shownNow = editor.document;
      editor.transact(() => {
        for (let i = 0; i < next.length; i++) if (changed.has(next[i].id)) editor.replaceBlocks([shownNow[i].id], [next[i] as never]);
      });
    });
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const frameMs = performance.now() - t0;
    const converged =
      JSON.stringify(a.toBlocks()) === JSON.stringify(b.toBlocks()) && JSON.stringify(editor.document).includes(` remote${edits - 1}`);
    return { applyMs, readMs, showMs, frameMs, converged };
  },
};

declare global {
  interface Window {
    __spike?: typeof spike;
  }
}

const style = document.createElement('style');
style.textContent = LONG_NOTE_CSS;
document.head.appendChild(style);
window.__spike = spike;
