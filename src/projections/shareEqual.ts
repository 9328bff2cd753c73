/**
 * Transitional: structural sharing lives in ./structuralSharing. This re-export keeps src/events/eventLog.ts
 * (being rewritten with the log core) compiling until it imports ./structuralSharing itself; then delete it.
 */
export { shareEqual } from './structuralSharing';
