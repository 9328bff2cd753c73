import type { EventLog } from '../../events/eventLog';
import type { EventPayloads, EventType } from '../../../catalog';
import { FunctionsError } from '../../services/functionsError';

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
