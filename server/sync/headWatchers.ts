/**
 * In-process fan-out of head changes (docs/sync.md "live"): listeners by user id. The SQLite store
 * calls `emit` after each commit; the Postgres store calls it for each NOTIFY its one LISTEN
 * connection receives, so every stream of this process hears pushes made through any process.
 */

/** Listeners of head changes by user. */
export interface HeadWatchers {
  /** Adds a listener; @returns the function that removes it. */
  watch(userId: string, listener: (head: number) => void): () => void;
  /** Calls the user's listeners with `head` (a throwing listener does not stop the others). */
  emit(userId: string, head: number): void;
  /** User ids with at least one listener. */
  users(): string[];
}

/** Creates an empty set of watchers. */
export function createHeadWatchers(): HeadWatchers {
  const byUser = new Map<string, Set<(head: number) => void>>();
  return {
    watch(userId, listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    emit(userId, head) {
      for (const listener of [...(byUser.get(userId) ?? [])]) {
        try {
          listener(head);
        } catch (error) {
          console.error(`[sync] a head listener failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    users: () => [...byUser.keys()],
  };
}
