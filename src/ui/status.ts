/** Transitional: the header status line lives in src/ui/feedback. Kept only for src/ui/editor/commands (owned by the log-core rewrite); lint flags its use. */
export { showStatus } from './feedback';
