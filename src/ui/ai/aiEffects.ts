import { toast } from '../toast';
import type { EventLog } from '../../events/eventLog';
import type { EventPayloads, EventType, RecapFormat } from '../../events/catalog';
import { FunctionsError } from '../../services/functionsError';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '../constants';
import { AI_TEXT } from './messages';

/** True when a failure means the helpers cannot be reached (browser offline, host unreachable). */
export const isOfflineError = (error: unknown) => error instanceof FunctionsError && error.kind === 'offline';

/** A short description of a failure for the log's `error` field, e.g. "http 502: provider failed". */
export function failureText(error: unknown): string {
  if (error instanceof FunctionsError) return `${error.kind}${error.status ? ` ${error.status}` : ''}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Append an event; a refused append is logged (the helpers keep working). */
export function record<T extends EventType>(log: EventLog, type: T, payload: EventPayloads[T]): void {
  try {
    void Promise.resolve(log.append(type, payload)).catch((error: unknown) => console.error(`[ai] could not record ${type}:`, error));
  } catch (error) {
    console.error(`[ai] could not record ${type}:`, error);
  }
}

/** The offline toast (issue 9): shown instead of the failure message when the helpers cannot be reached. */
export function toastOffline(id: string): void {
  toast.error(AI_TEXT.offlineTitle, { id, description: AI_TEXT.offlineDescription, duration: TOAST_ERROR_DURATION_MS });
}

/** SPEC.md §8 summary or bullet-conversion failure toast (3 s), or the offline toast. */
export function toastSummaryFailed(format: RecapFormat, error: unknown): void {
  if (isOfflineError(error)) return toastOffline('ai-summary');
  if (format === 'bullets') toast.error(AI_TEXT.bulletsFailed, { id: 'ai-summary', duration: TOAST_ERROR_DURATION_MS });
  else toast.error(AI_TEXT.summaryErrorTitle, { id: 'ai-summary', description: AI_TEXT.summaryFailed, duration: TOAST_ERROR_DURATION_MS });
}

/** SPEC.md §8 resources failure toast (3 s), or the offline toast. */
export function toastResourcesFailed(error: unknown): void {
  if (isOfflineError(error)) return toastOffline('ai-resources');
  toast.error(AI_TEXT.resourcesFailed, { id: 'ai-resources', duration: TOAST_ERROR_DURATION_MS });
}

/** A SPEC.md §5 validation toast ("No content", "No text selected"), 2 s. */
export function toastNotice(title: string, description: string, id: string): void {
  toast.warning(title, { id, description, duration: TOAST_DURATION_MS });
}

/** A SPEC.md §8 success toast ("Format changed", "Recap inserted"), 2 s. */
export function toastSuccess(title: string): void {
  toast.success(title, { id: `ai-${title}`, duration: TOAST_DURATION_MS });
}
