/**
 * Run `fn` in a task of its own, soon (after the current task and its microtasks). A
 * MessageChannel message is used because setTimeout is clamped, and throttled to 1 s in
 * background tabs; falls back to setTimeout where there is no MessageChannel.
 */
export function inNextTask(fn: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(fn, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}
