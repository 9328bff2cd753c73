/**
 * The `openai` provider: any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama's /v1,
 * llama.cpp, vLLM, ...). Every call has a deadline (AbortSignal.timeout); a timeout is a 504,
 * an unreachable endpoint, a reset, an HTTP error or an unusable summary a 502. An unusable resource
 * list falls back to the local provider with one log line.
 */
import { formatSummary, ProviderError, type Provider, type Resource, type SummaryFormat } from './provider.ts';
import type { Logger } from './http.ts';
import { validateResources } from './resourceValidation.ts';

/** Settings of an OpenAI-compatible endpoint (README "Functions"). */
export interface OpenAiSettings {
  /** Base URL ending before /chat/completions, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; empty for endpoints without keys (Ollama). */
  apiKey: string;
  model: string;
  /** Deadline of one provider call, headers and body included, in ms. */
  timeoutMs: number;
}

/** Characters of a note sent to the model; longer notes are cut (keeps prompts within small contexts). */
const MAX_PROMPT_TEXT_CHARS = 48_000;

const SUMMARY_PROMPTS: Record<SummaryFormat, string> = {
  paragraph:
    "Summarize the user's note in 2 to 5 sentences, in the language of the note. Answer with the summary only, as one plain-text paragraph, without a heading or preamble.",
  bullets:
    "Summarize the user's note as 2 to 6 key points, in the language of the note. Answer with one complete sentence per line and nothing else: no heading, no preamble, no numbering.",
};

const RESOURCES_PROMPT =
  "Suggest up to 5 useful web resources for learning more about the topics of the user's note. " +
  'Answer with JSON only, in the form {"resources":[{"title":"...","url":"https://...","description":"..."}]}. ' +
  'Use only https URLs you are certain exist; prefer well-known reference sites and their search pages. ' +
  'The description says in one sentence what the link is.';

interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** Strips list markers a model may add and keeps one sentence per line. */
function cleanBulletLines(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•·]|\d{1,2}[.)])\s*/u, '').trim())
    .filter((line) => line.length > 0);
}

/** The model's JSON answer for resources: a list, `{resources: [...]}`, optionally in a ``` fence. */
function parseResourceAnswer(content: string): unknown {
  const unfenced = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  const parsed: unknown = JSON.parse(unfenced);
  if (Array.isArray(parsed)) return parsed;
  return typeof parsed === 'object' && parsed !== null ? (parsed as { resources?: unknown }).resources : undefined;
}

/** Creates the openai provider; `fallback` (the local provider) answers when a resource list is unusable. */
export function createOpenAiProvider(settings: OpenAiSettings, fallback: Provider, log: Logger = console): Provider {
  const endpoint = settings.baseUrl.replace(/\/+$/, '') + '/chat/completions';

  /** One chat completion; resolves with the assistant's text. @throws ProviderError */
  async function complete(messages: ChatMessage[], json: boolean): Promise<string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
    const body = {
      model: settings.model,
      messages,
      temperature: 0.2,
      stream: false,
      ...(json ? { response_format: { type: 'json_object' } } : {}),
    };
    const signal = AbortSignal.timeout(settings.timeoutMs);
    let raw: string;
    let status: number;
    try {
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      if (signal.aborted) throw new ProviderError('timeout', `The AI provider did not answer within ${settings.timeoutMs} ms`);
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ProviderError('failure', `The AI provider could not be reached (${cause})`);
    }
    if (status < 200 || status > 299) throw new ProviderError('failure', `The AI provider answered HTTP ${status}`);
    let content: unknown;
    try {
      content = (JSON.parse(raw) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    } catch {
      throw new ProviderError('invalid', 'The AI provider gave an answer that is not JSON');
    }
    if (typeof content !== 'string' || !content.trim()) throw new ProviderError('invalid', 'The AI provider gave an answer without text');
    return content;
  }

  const note = (text: string): ChatMessage => ({ role: 'user', content: text.slice(0, MAX_PROMPT_TEXT_CHARS) });

  return {
    name: 'openai',
    async summarize(text, format) {
      const content = await complete([{ role: 'system', content: SUMMARY_PROMPTS[format] }, note(text)], false);
      if (format === 'paragraph') return content.replace(/\s+/g, ' ').trim();
      const lines = cleanBulletLines(content);
      if (lines.length === 0) throw new ProviderError('invalid', 'The AI provider gave an empty list of points');
      return formatSummary(lines, 'bullets');
    },
    async findResources(text): Promise<Resource[]> {
      let content: string;
      try {
        content = await complete([{ role: 'system', content: RESOURCES_PROMPT }, note(text)], true);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind !== 'invalid') throw error;
        log.warn(`[find-resources] ${error.message}; using the local provider`);
        return fallback.findResources(text);
      }
      let resources: Resource[] = [];
      let reason = 'no valid https resource in it';
      try {
        resources = validateResources(parseResourceAnswer(content));
      } catch {
        reason = 'its text is not JSON';
      }
      if (resources.length > 0) return resources;
      log.warn(`[find-resources] the AI provider's resource list was unusable (${reason}); using the local provider`);
      return fallback.findResources(text);
    },
  };
}
