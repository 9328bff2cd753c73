import { useRef } from 'react';
import { useModalDialog } from '../dialog/useModalDialog';
import { APP_COMMANDS } from './appCommands';
import { EDITOR_SHORTCUTS } from './editorShortcuts';

/** The "Keyboard shortcuts" dialog: every app and editor shortcut. Native modal <dialog>: focus stays inside, Escape closes. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const rows = [...APP_COMMANDS.map(({ label, keys }) => ({ label, keys })), ...EDITOR_SHORTCUTS];
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="shortcuts-title" onCancel={onClose} onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>
                <kbd>{r.keys}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
