import { lightFormat } from 'date-fns/lightFormat';
import { DEFAULT_NOTE_TITLE } from '../projections/notesState';

/*
 * File names of an export of all notes (docs/product.md "Export all notes"): names every common file
 * system accepts, unique the way case-insensitive file systems (macOS, Windows) compare them.
 */

/**
 * Longest file name stem kept, in UTF-8 bytes: file systems allow 255, which leaves room for " (n)" and the extension.
 * @internal Test seam: used here; the tests read this constant.
 */
export const FILE_STEM_MAX_BYTES = 200;

/** Characters Windows, macOS or Linux refuse in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are among what file systems refuse
const REFUSED_CHARS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** Windows' reserved device names, also with an extension ("con.md", "LPT1.notes.md"). */
const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\..*)?$/i;

const encoder = new TextEncoder();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, never inside a character or a grapheme (an emoji with its modifiers).
 * @internal Test seam: used here; the tests call it directly.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (encoder.encode(text).length <= maxBytes) return text;
  let kept = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = encoder.encode(segment).length;
    if (bytes + size > maxBytes) break;
    kept += segment;
    bytes += size;
  }
  return kept;
}

/**
 * A file name stem for a note titled `title` (no extension): runs of white space (tabs, line
 * breaks) made one space, refused and other control characters replaced by "-", leading dots (hidden files) and trailing dots
 * and spaces (Windows drops them) removed, Windows' reserved names given a trailing "_", cut to
 * FILE_STEM_MAX_BYTES; "Untitled Note" when nothing is left. NFC, as macOS stores names.
 */
export function fileStem(title: string): string {
  let stem = title.normalize('NFC').replace(/\s+/g, ' ').replace(REFUSED_CHARS, '-').trim().replace(/^\.+/, '');
  stem = truncateUtf8(stem, FILE_STEM_MAX_BYTES).replace(/[. ]+$/, '');
  if (!stem) return DEFAULT_NOTE_TITLE;
  const reserved = RESERVED_NAME.exec(stem);
  return reserved ? `${reserved[1]}_${reserved[2] ?? ''}` : stem;
}

/**
 * Hands out unique names within one folder of the export: a name already given (compared
 * case-insensitively, as macOS and Windows do) gets " (2)", " (3)"... before its extension.
 */
export class FileNamer {
  private readonly taken = new Set<string>();
  /** The next suffix to try per name, so ten thousand "Untitled Note"s do not each count up from 2. */
  private readonly next = new Map<string, number>();

  /** A name `stem.extension` (or `stem (n).extension`) no earlier call returned; `stem` as `fileStem` makes it. */
  take(stem: string, extension: string): string {
    return this.unique(stem, `.${extension}`);
  }

  /** A folder's name `stem` (or `stem (n)`) that no earlier call returned, file or folder. */
  takeFolder(stem: string): string {
    return this.unique(stem, '');
  }

  private unique(stem: string, suffix: string): string {
    const base = `${stem}${suffix}`.toLowerCase();
    for (let n = this.next.get(base) ?? 1; ; n++) {
      const name = `${n === 1 ? stem : `${stem} (${n})`}${suffix}`;
      const key = name.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        this.next.set(base, n + 1);
        return name;
      }
    }
  }
}

/** The zip's name: `notepad-notes-YYYY-MM-DD.zip` with the local date of `now`. */
export function exportZipName(now: Date): string {
  return `notepad-notes-${lightFormat(now, 'yyyy-MM-dd')}.zip`;
}
