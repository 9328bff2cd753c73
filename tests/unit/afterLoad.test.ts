// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedAndIdle, whenLoadedAndIdle } from '../../src/ui/afterLoad';
import { firstScreenShown, resetFirstScreen } from '../../src/ui/firstScreen';

describe('whenLoadedAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetFirstScreen();
  });

  it('waits for the first screen after the page has loaded, then runs the work once idle', async () => {
    expect(document.readyState).toBe('complete');
    const work = vi.fn();
    whenLoadedAndIdle(work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes on without the first screen after at most 3 s', async () => {
    const work = vi.fn();
    whenLoadedAndIdle(work);
    await vi.advanceTimersByTimeAsync(2900);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once (in idle time) once the first screen was shown before', async () => {
    firstScreenShown();
    const work = vi.fn();
    whenLoadedAndIdle(work);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing cancelled while it waits for the first screen', async () => {
    const work = vi.fn();
    const cancel = whenLoadedAndIdle(work);
    cancel();
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('loadedAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetFirstScreen();
  });

  it('resolves once the first screen is shown and the thread is idle, not before', async () => {
    const done = vi.fn();
    void loadedAndIdle().then(done);
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).not.toHaveBeenCalled();
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('resolves 2 s after the first screen where idle callbacks never come', async () => {
    const idle = window.requestIdleCallback;
    window.requestIdleCallback = () => 0;
    try {
      const done = vi.fn();
      void loadedAndIdle().then(done);
      firstScreenShown();
      await vi.advanceTimersByTimeAsync(1900);
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toHaveBeenCalledTimes(1);
    } finally {
      window.requestIdleCallback = idle;
    }
  });
});
