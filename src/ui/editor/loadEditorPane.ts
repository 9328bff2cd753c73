import { useEffect, useState } from 'react';
import type { EditorPane } from './EditorPane';

type Pane = typeof EditorPane;

let pane: Promise<Pane> | null = null;
let loaded: Pane | null = null;

/**
 * The editor's chunk (BlockNote, its styles and the editor pane), requested once. `index.html`
 * preloads it beside the first screen's scripts (scripts/preloadEditorChunk.ts) and start-up runs
 * it once the list is painted, then makes the page's editor while the log is still being read
 * (docs/architecture.md "Start-up order").
 */
export function loadEditorPane(): Promise<Pane> {
  pane ??= Promise.all([import('./EditorPane'), import('./createNoteEditor')]).then(([module, editor]) => {
    editor.prepareNoteEditor();
    loaded = module.EditorPane;
    return loaded;
  });
  return pane;
}

/**
 * The editor pane component once its chunk has run, else null (it is requested then). Unlike
 * React.lazy, a pane already loaded renders in the same pass, without suspending first.
 */
export function useEditorPane(): Pane | null {
  const [component, setComponent] = useState<Pane | null>(() => loaded);
  useEffect(() => {
    if (component) return;
    let live = true;
    loadEditorPane().then(
      (loadedPane) => live && setComponent(() => loadedPane),
      (error: unknown) => console.error('NotePad: the editor could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [component]);
  return component;
}
