import type { NoteChain } from '../notesState';

/** Origins parsed from `originJson`, by chain: chains are never mutated, so each parses once. */
const parsedOrigins = new WeakMap<NoteChain, unknown[] | undefined>();

/**
 * The blocks a chain's first state is written from (docs/architecture.md "Saves as changes"), or
 * undefined when its first update holds that state. A snapshot keeps them as JSON (`originJson`).
 */
export function chainOrigin(chain: NoteChain): unknown[] | undefined {
  if (Array.isArray(chain.origin)) return chain.origin;
  if (typeof chain.originJson !== 'string') return undefined;
  if (!parsedOrigins.has(chain)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(chain.originJson);
    } catch {
      parsed = undefined;
    }
    parsedOrigins.set(chain, Array.isArray(parsed) ? parsed : undefined);
  }
  return parsedOrigins.get(chain);
}
