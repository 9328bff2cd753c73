// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from '../../src/ui/afterLoad';
import { firstScreenShown, resetFirstScreen, whenFirstScreenPainted } from '../../src/ui/firstScreen';

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

describe('whenFirstScreenPainted', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetFirstScreen();
  });

  it('waits for the first screen and a frame after it, not for idle time or the page load', async () => {
    const painted = vi.fn();
    void whenFirstScreenPainted(3000).then(painted);
    await vi.advanceTimersByTimeAsync(1000);
    expect(painted).not.toHaveBeenCalled();
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).not.toHaveBeenCalled();
    // The frame after it (or, without frames, a short wait).
    await vi.advanceTimersByTimeAsync(100);
    expect(painted).toHaveBeenCalledTimes(1);
  });

  it('goes on after the cap when no first screen says so', async () => {
    const painted = vi.fn();
    void whenFirstScreenPainted(3000).then(painted);
    await vi.advanceTimersByTimeAsync(2900);
    expect(painted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(painted).toHaveBeenCalledTimes(1);
  });
});
