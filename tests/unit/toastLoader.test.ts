import { describe, expect, it, vi } from 'vitest';
import { createToastForwarder, type ToastApi } from '../../src/ui/feedback/toastLoader';

type Options = { id?: string; description?: string };

/** A stand-in for sonner's toast that records its calls. */
function recordingToast() {
  const calls: [string, string, Options | undefined][] = [];
  const toast = Object.assign((title: string, options?: Options) => void calls.push(['toast', title, options]), {
    success: (title: string, options?: Options) => void calls.push(['success', title, options]),
    error: (title: string, options?: Options) => void calls.push(['error', title, options]),
    warning: (title: string, options?: Options) => void calls.push(['warning', title, options]),
  }) as ToastApi<Options>;
  return { calls, module: { toast } };
}

describe('createToastForwarder (sonner loads on first use)', () => {
  it('delivers calls made before the library loaded in order, with their arguments, then passes later calls straight through', async () => {
    const lib = recordingToast();
    let release!: () => void;
    const load = vi.fn(() => new Promise<typeof lib.module>((resolve) => (release = () => resolve(lib.module))));
    const forwarder = createToastForwarder(load, (m) => m.toast);
    expect(load).not.toHaveBeenCalled();

    forwarder.toast.error('Error saving note', { id: 'save-error', description: 'disk full' });
    forwarder.toast('This note was changed in another tab');
    forwarder.toast.success('Copied to clipboard', { description: 'Note content has been copied to clipboard.' });
    forwarder.toast.warning('No text selected');
    expect(load).toHaveBeenCalledTimes(1);
    expect(lib.calls).toEqual([]);
    expect(forwarder.loaded()).toBeNull();

    release();
    await forwarder.preload();
    expect(lib.calls).toEqual([
      ['error', 'Error saving note', { id: 'save-error', description: 'disk full' }],
      ['toast', 'This note was changed in another tab', undefined],
      ['success', 'Copied to clipboard', { description: 'Note content has been copied to clipboard.' }],
      ['warning', 'No text selected', undefined],
    ]);
    expect(forwarder.loaded()).toBe(lib.module);

    forwarder.toast.success('Note downloaded!');
    expect(lib.calls.at(-1)).toEqual(['success', 'Note downloaded!', undefined]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tells listeners once it has loaded, and at once when it already has', async () => {
    const lib = recordingToast();
    const forwarder = createToastForwarder(
      async () => lib.module,
      (m) => m.toast,
    );
    const early = vi.fn();
    const unsubscribed = vi.fn();
    forwarder.onLoaded(early);
    forwarder.onLoaded(unsubscribed)();
    await forwarder.preload();
    expect(early).toHaveBeenCalledTimes(1);
    expect(unsubscribed).not.toHaveBeenCalled();
    const late = vi.fn();
    forwarder.onLoaded(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting calls when a load fails and delivers them with the next load', async () => {
    const lib = recordingToast();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    const forwarder = createToastForwarder(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return lib.module;
      },
      (m) => m.toast,
    );
    forwarder.toast.error('Storage full');
    await expect(forwarder.preload()).rejects.toThrow('Failed to fetch');
    expect(lib.calls).toEqual([]);
    forwarder.toast.success('Event log exported');
    await forwarder.preload();
    expect(lib.calls).toEqual([
      ['error', 'Storage full', undefined],
      ['success', 'Event log exported', undefined],
    ]);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
