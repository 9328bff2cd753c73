/** Opens the browser's print dialogue (PDF export). The browser's, or a test double. */
export interface Printer {
  /** Print the page with `title` as the document title, which browsers suggest as the PDF file name. */
  print(title: string): void;
}

/**
 * The browser's printer: sets `document.title` (the suggested PDF name) for the dialogue, which
 * blocks until closed, then puts the old title back. The print stylesheet shows only the note.
 */
export const browserPrinter: Printer = {
  print(title) {
    const previous = document.title;
    document.title = title;
    try {
      window.print();
    } finally {
      document.title = previous;
    }
  },
};
