import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '../../dialog/useModalDialog';

/**
 * The frame of every notebook and tag dialog (docs/product.md "Notebooks and tags"): a native modal
 * dialog (focus stays inside, Escape cancels) holding one form whose submit is the dialog's action.
 */
export function DialogFrame({
  title,
  children,
  action,
  danger,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  /** The submit button's label ("Create", "Rename", "Delete"). */
  action: string;
  danger?: boolean;
  onSubmit(): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <dialog ref={ref} className="dialog organise-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'danger-button' : 'primary'}>
            {action}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A problem with what was entered, announced as it appears. */
export function FieldProblem({ id, problem }: { id: string; problem: string | null }) {
  return (
    <p id={id} className="field-problem" role="alert">
      {problem}
    </p>
  );
}
