import type { RecapFormat } from '../../../catalog';
import type { RecapScope } from '../../machines/recap';
import type { NoteBlock, NoteEditor } from '../editor/schema';
import { selectedText } from '../editor/commandSelection';
import { AI_TEXT } from '../feedback';
import { readBlocks } from '../../projections/noteText/blocks';
import { editorText, tidyText } from '../../projections/noteText/editorText';
import { noteLinkContextOf } from '../editor/noteLink/noteLinkContext';

/** The text to summarize and where it came from (docs/product.md "AI helpers"). */
export interface SummarySource {
  text: string;
  scope: RecapScope;
  /** True when the caret sat in the editor without a selection: the "No text selected" toast is due. */
  caretOnly: boolean;
}

/** The whole note as the helpers read it: one line per block, tables cell by cell, links to notes as their titles (the note-text pipeline). */
export function wholeNoteText(editor: NoteEditor): string {
  const links = noteLinkContextOf(editor);
  return tidyText(editorText(readBlocks(editor.document, (noteId) => links.titleOf(noteId))));
}

/** True when the page's caret is inside the editor (it is focused, or the DOM selection lies in it). */
function caretInEditor(editor: NoteEditor): boolean {
  if (editor.isFocused()) return true;
  const anchor = typeof window === 'undefined' ? null : (window.getSelection()?.anchorNode ?? null);
  return !!anchor && !!editor.domElement?.contains(anchor);
}

/**
 * What Summarize sends (docs/product.md "Validation rules"): the selected text when there is a selection; otherwise the
 * whole note, flagged `caretOnly` when a collapsed selection (the caret) sits in the editor.
 */
export function summarySource(editor: NoteEditor): SummarySource {
  // Any selection (text, table cells, the whole note after Ctrl+A) is read out by the editor, one line
  // per block as the pipeline's editorText gives whole blocks, and tidied the same way.
  const selected = tidyText(selectedText(editor));
  if (selected) return { text: selected, scope: 'selection', caretOnly: false };
  return { text: wholeNoteText(editor), scope: 'note', caretOnly: caretInEditor(editor) };
}

/** Bullet lines of a bulleted summary without their markers ("• ", "- ", "* "), blank lines dropped. */
export function bulletLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:•\s*|[-*]\s+|\d+[.)]\s+)/, '').trim())
    .filter(Boolean);
}

/** The paragraphs of a summary (split on blank lines). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The blocks "Insert recap" places at the top of the note: a "Recap" heading, then the summary as
 * paragraphs, or as a bullet list in the bullets format. Text is inserted as text, never as HTML.
 */
export function recapBlocks(text: string, format: RecapFormat): NoteBlock[] {
  const heading = { type: 'heading', props: { level: 3 }, content: AI_TEXT.insertedHeading };
  const body =
    format === 'bullets'
      ? bulletLines(text).map((line) => ({ type: 'bulletListItem', content: line }))
      : paragraphs(text).map((p) => ({ type: 'paragraph', content: p }));
  return [heading, ...body] as unknown as NoteBlock[];
}
