/** Writes text to the system clipboard (docs/product.md "Calls"). The browser's, or a test double. */
export interface ClipboardService {
  /** Resolves once the text is on the clipboard. @throws (rejects) when the browser refuses. */
  writeText(text: string): Promise<void>;
}

/**
 * The browser's clipboard: the async Clipboard API, or, where it is missing (a page served over
 * plain http on a LAN address), a hidden textarea and `execCommand('copy')`.
 */
export const browserClipboard: ClipboardService = {
  async writeText(text) {
    if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('The browser refused to copy');
  },
};
