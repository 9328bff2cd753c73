/**
 * A block's inline content as a Y.Text (docs/architecture.md "Saves as changes"): styles and links
 * are formatting attributes, any other inline item an embed. `updateText` makes a Y.Text hold given
 * content with the fewest operations it finds, so two devices' edits of one paragraph merge.
 */
import type * as Y from 'yjs';
import diff from 'fast-diff';
import { sortedKeys } from './plainBlocks';

type Attrs = Record<string, unknown>;
/** A run of the inline content: text with its formatting, or one embedded inline item (`embed`). */
interface Run {
  text: string;
  attrs: Attrs;
  embed?: Attrs;
}
interface InlineText {
  type: 'text';
  text: string;
  styles: Attrs;
}
interface InlineLink {
  type: 'link';
  href: string;
  content: InlineText[];
}
/** Stands for an embed in the plain text the diff compares (the object replacement character). */
const EMBED_CHAR = '\ufffc';

/** Inline content as runs of text with formatting attributes (a link is the attribute `link`). */
export function inlineRuns(content: readonly unknown[]): Run[] {
  const runs: Run[] = [];
  for (const item of content as (InlineText | InlineLink | Attrs)[]) {
    if (item.type === 'text') {
      const text = item as InlineText;
      if (text.text.length > 0) runs.push({ text: text.text, attrs: { ...text.styles } });
    } else if (item.type === 'link') {
      const link = item as InlineLink;
      for (const t of link.content) if (t.text.length > 0) runs.push({ text: t.text, attrs: { ...t.styles, link: link.href } });
    } else runs.push({ text: EMBED_CHAR, attrs: {}, embed: item as Attrs });
  }
  return runs;
}

export type DeltaOp = { insert: unknown; attributes?: Attrs };

/** The inverse of inlineRuns: BlockNote inline content from a Y.Text's delta (keys sorted, the same on every device). */
export function runsToInline(delta: readonly DeltaOp[]): unknown[] {
  const out: unknown[] = [];
  for (const op of delta) {
    if (typeof op.insert !== 'string') {
      out.push(op.insert);
      continue;
    }
    const { link, ...styles } = op.attributes ?? {};
    const text: InlineText = { type: 'text', text: op.insert, styles: sortedKeys(styles) };
    if (typeof link === 'string') {
      const last = out[out.length - 1] as InlineLink | undefined;
      if (last?.type === 'link' && last.href === link) last.content.push(text);
      else out.push({ type: 'link', href: link, content: [text] });
    } else out.push(text);
  }
  return out;
}

const sameAttrs = (a: Attrs, b: Attrs) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/** The plain text of a Y.Text with each embed as EMBED_CHAR, and the embeds by position. */
function flatText(ytext: Y.Text): { text: string; embeds: Map<number, unknown> } {
  let text = '';
  const embeds = new Map<number, unknown>();
  for (const op of ytext.toDelta() as DeltaOp[]) {
    if (typeof op.insert === 'string') text += op.insert;
    else {
      embeds.set(text.length, op.insert);
      text += EMBED_CHAR;
    }
  }
  return { text, embeds };
}

/** Make `ytext` hold `runs`: a text diff (fast-diff) for the characters, then embeds and formatting where they differ. */
export function updateText(ytext: Y.Text, runs: readonly Run[]): void {
  const target = runs.map((r) => r.text).join('');
  const attrsAt: Attrs[] = [];
  const embedAt: (Attrs | undefined)[] = [];
  for (const r of runs) {
    for (let i = 0; i < r.text.length; i++) {
      attrsAt.push(r.attrs);
      embedAt.push(r.embed);
    }
  }
  const current = flatText(ytext);
  if (current.text !== target) {
    let at = 0;
    let targetAt = 0;
    for (const [op, text] of diff(current.text, target)) {
      if (op === diff.EQUAL) {
        at += text.length;
        targetAt += text.length;
      } else if (op === diff.DELETE) ytext.delete(at, text.length);
      else {
        // Inserted characters may span runs of different formatting: one insert per run, one per embed.
        let i = 0;
        while (i < text.length) {
          const embed = embedAt[targetAt + i];
          if (embed) {
            ytext.insertEmbed(at, embed);
            at += 1;
            i += 1;
            continue;
          }
          const attrs = attrsAt[targetAt + i];
          let j = i + 1;
          while (j < text.length && attrsAt[targetAt + j] === attrs && !embedAt[targetAt + j]) j++;
          ytext.insert(at, text.slice(i, j), { ...attrs });
          at += j - i;
          i = j;
        }
        targetAt += text.length;
      }
    }
  }
  // Embeds whose content changed are replaced.
  const { embeds } = flatText(ytext);
  for (const [pos, embed] of embeds) {
    const want = embedAt[pos];
    if (want && JSON.stringify(sortedKeys(embed as Attrs)) !== JSON.stringify(sortedKeys(want))) {
      ytext.delete(pos, 1);
      ytext.insertEmbed(pos, want);
    }
  }
  // Formatting: compare each character's attributes with the target's, format the ranges that differ.
  let pos = 0;
  for (const op of ytext.toDelta() as DeltaOp[]) {
    const length = typeof op.insert === 'string' ? op.insert.length : 1;
    if (typeof op.insert === 'string') {
      const have = op.attributes ?? {};
      let i = 0;
      while (i < length) {
        const want = attrsAt[pos + i];
        let j = i + 1;
        while (j < length && attrsAt[pos + j] === want) j++;
        if (!sameAttrs(have, want)) {
          const change: Attrs = { ...want };
          for (const k of Object.keys(have)) if (!(k in want)) change[k] = null;
          ytext.format(pos + i, j - i, change);
        }
        i = j;
      }
    }
    pos += length;
  }
}
