import type { RecapFormat } from '../../../catalog';
import { isOfflineError } from '../../services/functionsError';
import { AI_TEXT } from './aiText';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from './durations';
import { toast } from './toast';

/**
 * The AI helpers' toasts (docs/product.md "AI helpers", "Messages"): validation notices and successes
 * TOAST_DURATION_MS, failures TOAST_ERROR_DURATION_MS; when the helpers cannot be reached the offline toast replaces the failure message.
 */
export const aiToasts = {
  /** The offline toast, under `id` so it replaces the failure it stands for. */
  offline(id: string): void {
    toast.error(AI_TEXT.offlineTitle, { id, description: AI_TEXT.offlineDescription, duration: TOAST_ERROR_DURATION_MS });
  },
  /** Summary or bullet-conversion failure, or the offline toast. */
  summaryFailed(format: RecapFormat, error: unknown): void {
    if (isOfflineError(error)) return aiToasts.offline('ai-summary');
    if (format === 'bullets') toast.error(AI_TEXT.bulletsFailed, { id: 'ai-summary', duration: TOAST_ERROR_DURATION_MS });
    else
      toast.error(AI_TEXT.summaryErrorTitle, { id: 'ai-summary', description: AI_TEXT.summaryFailed, duration: TOAST_ERROR_DURATION_MS });
  },
  /** Resources failure, or the offline toast. */
  resourcesFailed(error: unknown): void {
    if (isOfflineError(error)) return aiToasts.offline('ai-resources');
    toast.error(AI_TEXT.resourcesFailed, { id: 'ai-resources', duration: TOAST_ERROR_DURATION_MS });
  },
  /** A validation notice ("No content", "No text selected"). */
  notice(title: string, description: string, id: string): void {
    toast.warning(title, { id, description, duration: TOAST_DURATION_MS });
  },
  /** A success ("Format changed", "Recap inserted"). */
  success(title: string): void {
    toast.success(title, { id: `ai-${title}`, duration: TOAST_DURATION_MS });
  },
};
