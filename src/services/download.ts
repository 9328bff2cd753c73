/** Saves a file to the user's downloads folder (docs/product.md "Exports", exports). */
export interface FileDownloader {
  /** Offer `content` as a file called `fileName` of type `mimeType` (e.g. "text/html;charset=utf-8"). */
  download(fileName: string, content: string | Blob, mimeType: string): void;
}

/** The browser's downloader: a Blob URL on a temporary `<a download>` link. */
export const browserDownloader: FileDownloader = {
  download(fileName, content, mimeType) {
    const blob = typeof content === 'string' ? new Blob([content], { type: mimeType }) : content;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    // The download has started from the URL by now; free it a little later for slow browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** Characters that no common file system accepts in a name. */
// eslint-disable-next-line no-control-regex -- control characters are among what file systems refuse
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
/** Longest file name stem kept (file systems allow 255 bytes; UTF-8 may take 4 per character). */
const FILE_NAME_MAX_CHARS = 60;

/**
 * A download file name for a note: its title with unsafe characters replaced, trimmed, at most
 * FILE_NAME_MAX_CHARS long, plus `.{extension}`; "Untitled Note" when nothing is left.
 */
export function noteFileName(title: string, extension: string): string {
  const stem = title.replace(UNSAFE_FILE_CHARS, '-').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, FILE_NAME_MAX_CHARS).trim();
  return `${stem || 'Untitled Note'}.${extension}`;
}
