/** What the renewal reads of a toast's options: its id and sonner's close callbacks. */
interface Renewable<Toast> {
  id?: string | number;
  onAutoClose?: (toast: Toast) => void;
  onDismiss?: (toast: Toast) => void;
}

/**
 * A toast's options with its id renewed once the toast it names has started closing
 * (docs/product.md "Messages": a notice said again is seen again).
 * sonner updates a toast of the same id in place, even one whose timer ran out and that is in its
 * exit animation, so the update closed with it and the notice was never seen. Here each id names a
 * toast until it starts closing (its timer, its close button, a swipe); the next call with that id
 * gets a new toast. Options without an id pass through unchanged.
 */
export function createToastRenewal<Toast, Options extends Renewable<Toast>>(): (options?: Options) => Options | undefined {
  const live = new Map<string | number, string>();
  let made = 0;
  return (options?: Options) => {
    if (options?.id === undefined) return options;
    const name = options.id;
    const id = live.get(name) ?? `${name}~${++made}`;
    live.set(name, id);
    const closing = () => {
      if (live.get(name) === id) live.delete(name);
    };
    return {
      ...options,
      id,
      onAutoClose: (toast: Toast) => {
        closing();
        options.onAutoClose?.(toast);
      },
      onDismiss: (toast: Toast) => {
        closing();
        options.onDismiss?.(toast);
      },
    };
  };
}
