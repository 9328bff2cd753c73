/** The texts of the sidebar's import entry (docs/product.md "Import notes"): the only import texts of the first screen. */
export const IMPORT_ENTRY_TEXT = {
  /** Its accessible name starts with "Import notes". */
  menuEntry: 'Import notes…',
  pastImports: 'Past imports',
  pickerLabel: 'Files to import as notes',
};
