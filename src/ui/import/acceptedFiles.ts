/** What the picker offers (docs/product.md "Import notes"); other files may still be dropped and are answered with a reason. */
export const IMPORT_ACCEPT =
  '.enex,.md,.markdown,.txt,.html,.htm,.json,.zip,text/markdown,text/plain,text/html,application/json,application/zip';
