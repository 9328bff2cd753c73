import { createInlineContentSpec } from '@blocknote/core';
import type { TagParseRule } from 'prosemirror-model';
import { isNoteId, NOTE_LINK_CLASS, NOTE_LINK_TYPE, noteLinkHref } from '../../../projections/noteLinks/noteLinkShape';
import { noteLinkContextOf } from './noteLinkContext';

/** The class of a link whose note is gone or was never made (docs/product.md "Links between notes"). */
const MISSING_LINK_CLASS = 'note-link-missing';

/** Above BlockNote's link mark (`a[href]`, priority 50), so `<a data-note-id>` is read as a link to a note. */
const PARSE_PRIORITY = 60;

/** `<a href="/?note=ID" class="note-link">text</a>`; no address when the id is not a note id (a hand-made document). */
function anchor(noteId: string, text: string): HTMLAnchorElement {
  const a = document.createElement('a');
  if (isNoteId(noteId)) a.setAttribute('href', noteLinkHref(noteId));
  a.className = NOTE_LINK_CLASS;
  a.textContent = text;
  return a;
}

/** Points a link of the editor at another note (BlockNote's `updateInlineContent` of its node view). */
type Repoint = (update: { type: typeof NOTE_LINK_TYPE; props: { noteId: string; label: string } }) => void;

/**
 * A link of the editor: it shows the note's current title and follows renames, deletes and new
 * notes; a link whose note does not exist shows the text it was written with, marked missing.
 * A click opens it (docs/product.md "Links between notes"): the browser's own navigation is
 * prevented, the app decides (`NoteLinkContext.onOpen`).
 */
function liveAnchor(editor: object, noteId: string, label: string, update: Repoint): { dom: HTMLAnchorElement; destroy: () => void } {
  const context = noteLinkContextOf(editor);
  const a = anchor(noteId, label);
  const open = (event: MouseEvent) => {
    event.preventDefault();
    context.open({
      noteId,
      label,
      newTab: event.ctrlKey || event.metaKey || event.button === 1,
      element: a,
      repoint: (id, text) => update({ type: NOTE_LINK_TYPE, props: { noteId: id, label: text } }),
    });
  };
  a.addEventListener('click', open);
  // A middle click opens a new tab in the browser's own way; it comes as auxclick.
  a.addEventListener('auxclick', (event) => event.button === 1 && open(event));
  const show = () => {
    const title = context.titleOf(noteId);
    const missing = context.known && title === undefined;
    const text = title ?? label;
    if (a.textContent !== text) a.textContent = text;
    a.classList.toggle(MISSING_LINK_CLASS, missing);
    if (missing) {
      a.title = 'Missing note: click to create it';
      a.setAttribute('aria-label', `${label} (missing note)`);
    } else {
      a.removeAttribute('title');
      a.removeAttribute('aria-label');
    }
  };
  show();
  return { dom: a, destroy: context.subscribe(show) };
}

/**
 * A link to another note, as inline content (docs/architecture.md "Links between notes"): props
 * `noteId` and `label` (the text it was written with). In the editor it shows the note's current
 * title; in HTML (`note_{id}`, copies) it is `<a href="/?note=ID" class="note-link"
 * data-inline-content-type="noteLink" data-note-id="ID" data-label="…">label</a>`, and any
 * `<a data-note-id="ID">` (pasted, imported, legacy HTML) is read back as one. Exports of one note
 * write the current title.
 */
const spec = createInlineContentSpec(
  { type: NOTE_LINK_TYPE, propSchema: { noteId: { default: '' }, label: { default: '' } }, content: 'none' },
  {
    render: (inlineContent, update, editor, _node, getPos) =>
      // A node view of the editor has a position; HTML made outside the editor (a save) has none.
      getPos() === undefined
        ? { dom: anchor(inlineContent.props.noteId, inlineContent.props.label) }
        : liveAnchor(editor, inlineContent.props.noteId, inlineContent.props.label, update),
    toExternalHTML: (inlineContent, editor) => {
      const { noteId, label } = inlineContent.props;
      const a = anchor(noteId, noteLinkContextOf(editor).titleOf(noteId) ?? label);
      a.dataset.noteId = noteId;
      return { dom: a };
    },
    parse: (el) => {
      const noteId = el.tagName === 'A' ? el.getAttribute('data-note-id') : null;
      if (!isNoteId(noteId)) return undefined;
      return { noteId, label: el.getAttribute('data-label') ?? el.textContent ?? '' };
    },
  },
);

/** The inline content spec of a link to a note, its HTML read before BlockNote's links. */
export const noteLinkSpec: typeof spec = {
  ...spec,
  implementation: {
    ...spec.implementation,
    node: spec.implementation.node.extend({
      parseHTML() {
        return (this.parent?.() ?? []).map((rule: TagParseRule) => ({ ...rule, priority: PARSE_PRIORITY }));
      },
    }),
  },
};
