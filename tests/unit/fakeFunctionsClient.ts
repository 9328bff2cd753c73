import type { Resource } from '../../src/machines/resources';
import type { FunctionsClient, UsageRecord } from '../../src/services/functionsClient';

/** One recorded call of the fake client. */
export type FakeFunctionsCall =
  | { fn: 'summarize'; text: string; format?: 'bullets' }
  | { fn: 'find-resources'; text: string }
  | { fn: 'track-app-usage'; record: UsageRecord };

/** Answers of the fake: a value, or a function of the call (throw in it to fail). */
export interface FakeFunctionsAnswers {
  summarize?: (text: string, format?: 'bullets') => string | Promise<string>;
  findResources?: (text: string) => Resource[] | Promise<Resource[]>;
  trackAppUsage?: (record: UsageRecord) => void | Promise<void>;
}

/**
 * The test double of FunctionsClient: records every call in `calls` and answers with `answers`
 * (defaults: the first sentence as summary, bullets prefixed with "• ", no resources, ok tracking).
 */
export function createFakeFunctionsClient(answers: FakeFunctionsAnswers = {}): FunctionsClient & { calls: FakeFunctionsCall[] } {
  const calls: FakeFunctionsCall[] = [];
  return {
    calls,
    async summarize(text, format) {
      calls.push(format ? { fn: 'summarize', text, format } : { fn: 'summarize', text });
      if (answers.summarize) return answers.summarize(text, format);
      return format === 'bullets'
        ? text
            .split(/(?<=[.!?])\s+/)
            .map((s) => `• ${s}`)
            .join('\n')
        : text.split(/(?<=[.!?])\s/)[0];
    },
    async findResources(text) {
      calls.push({ fn: 'find-resources', text });
      return answers.findResources ? answers.findResources(text) : [];
    },
    async trackAppUsage(record) {
      calls.push({ fn: 'track-app-usage', record });
      await answers.trackAppUsage?.(record);
    },
  };
}
