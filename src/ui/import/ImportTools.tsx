import { useRef } from 'react';
import { IMPORT_ENTRY_TEXT } from '../feedback';
import { useLog } from '../LogContext';
import { IMPORT_ACCEPT } from './acceptedFiles';
import { importFilesLazily } from './runLazily';
import { openImportSummary } from './summaryRequests';
import './importTools.css';

/**
 * The sidebar's import entry (docs/product.md "Import notes"), beside the event log tools: *Import
 * notes…* opens a picker of several files at once; *Past imports* opens the summary, where an import
 * can be undone after a reload too.
 */
export function ImportTools() {
  const log = useLog();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="import-tools">
      <button type="button" onClick={() => input.current?.click()}>
        {IMPORT_ENTRY_TEXT.menuEntry}
      </button>
      {/* Export all notes belongs here, beside Import notes… (docs/product.md "Import notes"). */}
      <button type="button" className="link-button" onClick={() => openImportSummary()}>
        {IMPORT_ENTRY_TEXT.pastImports}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={IMPORT_ACCEPT}
        aria-label={IMPORT_ENTRY_TEXT.pickerLabel}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // The same file may be chosen again later.
          e.target.value = '';
          importFilesLazily(log, files);
        }}
      />
    </div>
  );
}
