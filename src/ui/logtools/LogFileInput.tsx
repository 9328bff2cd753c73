import type { RefObject } from 'react';

/**
 * The hidden file picker for an event log file (docs/product.md "Event log tools"): JSON files only; a
 * button elsewhere opens it through `inputRef`. `onFile` gets the chosen file, or undefined when none was.
 */
export function LogFileInput({
  inputRef,
  label,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="application/json,.json"
      hidden
      aria-label={label}
      onChange={(e) => onFile(e.target.files?.[0])}
    />
  );
}
