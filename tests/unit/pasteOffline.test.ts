// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// A paste before DOMPurify has loaded, with its chunk unreachable (offline before it was cached).
vi.mock('../../src/services/purifier', () => ({
  purifierLoaded: () => false,
  loadPurifier: () => Promise.reject(new Error('chunk unreachable')),
  purifier: () => {
    throw new Error('not loaded');
  },
}));

const { handlePaste } = await import('../../src/ui/editor/paste');

describe('paste while the sanitizer, which loads after the first screen, cannot load', () => {
  it('inserts the clipboard text as plain text, never the unsanitized HTML, and says why in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const clip: Record<string, string> = { 'text/html': '<p onclick="x()">Hello <b>there</b></p>', 'text/plain': 'Hello there' };
    const editor = { getTextCursorPosition: () => ({ block: { type: 'paragraph' } }), pasteHTML: vi.fn(), insertInlineContent: vi.fn() };
    const event = {
      clipboardData: { types: Object.keys(clip), files: [], getData: (t: string) => clip[t] ?? '' },
    } as unknown as ClipboardEvent;

    expect(handlePaste({ event, editor: editor as never, defaultPasteHandler: () => false })).toBe(true);
    await vi.waitFor(() => expect(editor.insertInlineContent).toHaveBeenCalledWith('Hello there'));
    expect(editor.pasteHTML).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('plain text'), expect.any(Error));
    error.mockRestore();
  });
});
