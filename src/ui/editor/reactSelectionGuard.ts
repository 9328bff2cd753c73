import { createExtension } from '@blocknote/core';
import { Plugin, PluginKey } from 'prosemirror-state';

/*
 * Why (docs/architecture.md "Editor"): before every commit React saves the selection of the focused
 * element when that element "has selection capabilities" (`contentEditable === 'true'` for a
 * contenteditable), and it does so by walking every DOM node inside it to count characters up to
 * the caret. In a long note that walk grows with the note and runs on every commit
 * of the page (the sidebar, the header, the toolbar, the save's re-render), typing included.
 * React only uses what it saved to put the caret back when a commit moved the focus away from the
 * element; ProseMirror restores its own selection when it gets focus again, so the editor does not
 * need it. The editor's root therefore answers `contentEditable` with 'inherit' to script: React
 * skips the walk. The attribute, which the browser and ProseMirror use, is untouched; ProseMirror
 * only compares `contentEditable` with 'false', which the root never was.
 */

const key = new PluginKey('notepadReactSelectionGuard');

/**
 * Make `dom` (the editor's root) look like a plain element to React's selection bookkeeping; setting still works.
 * @internal Test seam: used here; the tests call it directly.
 */
export function hideFromReactSelection(dom: HTMLElement): void {
  if (Object.prototype.hasOwnProperty.call(dom, 'contentEditable')) return;
  const native = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'contentEditable')?.set;
  Object.defineProperty(dom, 'contentEditable', {
    configurable: true,
    get: () => 'inherit',
    set(value: string) {
      if (native) native.call(dom, value);
      else dom.setAttribute('contenteditable', value); // a DOM without the property (jsdom)
    },
  });
}

/** BlockNote extension applying `hideFromReactSelection` to the editor's root when its view is made. */
export const reactSelectionGuard = createExtension({
  key: 'notepadReactSelectionGuard',
  prosemirrorPlugins: [
    new Plugin({
      key,
      view(view) {
        hideFromReactSelection(view.dom);
        return {};
      },
    }),
  ],
});
