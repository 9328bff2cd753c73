/** Transitional: the editor's toasts live in src/ui/feedback. Kept only for src/ui/editor/commands (owned by the log-core rewrite); lint flags its use. */
export { editorToasts } from '../feedback';
