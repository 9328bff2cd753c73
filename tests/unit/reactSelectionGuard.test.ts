// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hideFromReactSelection } from '../../src/ui/editor/reactSelectionGuard';

describe("the editor root and React's selection bookkeeping", () => {
  it('reads as a plain element to script while the attribute stays, and setting it still works', () => {
    const root = document.createElement('div');
    root.setAttribute('contenteditable', 'true');
    hideFromReactSelection(root);
    // React's hasSelectionCapabilities asks for exactly 'true': it now skips the walk over the note.
    expect(root.contentEditable).toBe('inherit');
    expect(root.getAttribute('contenteditable')).toBe('true');
    expect(root.contentEditable === 'false').toBe(false); // ProseMirror only compares with 'false'
    root.contentEditable = 'false';
    expect(root.getAttribute('contenteditable')).toBe('false');
    hideFromReactSelection(root); // twice is harmless
    expect(root.contentEditable).toBe('inherit');
  });
});
