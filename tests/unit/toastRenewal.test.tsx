// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastHost } from '../../src/ui/feedback/ToastHost';
import { toasts } from '../../src/ui/feedback/toast';
import { announceChangedElsewhere, announceMergedElsewhere } from '../../src/ui/feedback/notices';

afterEach(cleanup);

const RELOADED = 'It now shows the latest text. Earlier text is kept in History.';
const MERGED = 'It now shows those changes together with your edits.';

/** The toast element that holds `text`, or null. */
const toastWith = (text: string) => screen.queryByText(text)?.closest('[data-sonner-toast]') ?? null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `check` every 20 ms (a closing toast's exit lasts a few hundred ms); throws after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the toast');
    await sleep(20);
  }
}

describe('a notice shown again with the same id (docs/product.md "Two tabs, two devices")', () => {
  it('is shown when it comes while the earlier one is closing, instead of closing with it', async () => {
    await toasts.preload();
    render(<ToastHost />);
    act(() => announceChangedElsewhere(true));
    // The earlier notice's timer runs out: the next change arrives during its exit animation.
    await until(() => toastWith(RELOADED)?.getAttribute('data-removed') === 'true');
    act(() => announceMergedElsewhere());
    await until(() => toastWith(MERGED) !== null);
    // Well after the earlier one's exit (its unmount delay), the new notice is still there and not closing.
    await sleep(1_000);
    expect(toastWith(MERGED)?.getAttribute('data-removed')).toBe('false');
  });
});
