import { seededRandom, pick, randomInt } from '../support/random';
import { expect, expectNoConsoleErrors, test } from './fixtures';
import { expectSameKeys, openDevice, signIn, uniqueEmail, waitSynced, type Device } from './syncDevices';

/**
 * Randomized sync trials in Chromium against the real host (docs/architecture.md "Sync"): two or
 * three devices of one account make random notes, edits, renames and stars, going offline and
 * back at random; afterwards every device holds identical storage keys and every text typed is in
 * some note (conflicts keep both versions). Seeded: a failing trial replays with its seed.
 */

const TRIALS = Number(process.env.SYNC_E2E_TRIALS ?? 2);
const STEPS = 8;

// Devices here go offline and keep working: the service worker the other specs block serves the app then.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ mode: 'parallel' });

for (let trial = 0; trial < TRIALS; trial++) {
  test(`trial ${trial + 1} of ${TRIALS} (seed sync-e2e-${trial}): devices converge and no typed text is missing`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const random = seededRandom(`sync-e2e-${trial}`);
    const devices: Device[] = [];
    const email = uniqueEmail(testInfo, `trial${trial}`);
    for (let i = 0; i < 2 + randomInt(random, 2); i++) {
      const d = await openDevice(browser, testInfo);
      await signIn(d, email, { create: i === 0 });
      devices.push(d);
    }
    const offline = new Set<Device>();
    const typed: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const d = pick(random, devices);
      const r = random();
      const rows = await d.app.rows.count();
      if (r < 0.15) {
        const going = !offline.has(d);
        await d.context.setOffline(going);
        if (going) offline.add(d);
        else offline.delete(d);
      } else if (r < 0.35 || rows === 0) {
        await d.app.createNote(`t${trial} s${step}`);
      } else if (r < 0.85) {
        await d.app.rows.nth(randomInt(random, rows)).locator('.note-row-main').click();
        const text = ` w${trial}x${step}`;
        await d.app.typeBody(text);
        await d.app.waitForSavedText(text.trim());
        typed.push(text.trim());
      } else {
        await d.app.rows
          .nth(randomInt(random, rows))
          .getByRole('button', { name: /^(Star|Unstar)$/ })
          .click();
      }
    }
    for (const d of offline) await d.context.setOffline(false);
    for (const d of devices) await waitSynced(d, 45_000);
    // A second round: a device that synced before another's last push pulls it now.
    for (const d of devices) await waitSynced(d, 45_000);
    const keys = await expectSameKeys(devices);
    const bodies = Object.entries(keys)
      .filter(([k]) => k.startsWith('note_'))
      .map(([, html]) => html)
      .join('\n');
    for (const text of typed) expect(bodies, `trial ${trial}: "${text}" is in some note`).toContain(text);
    for (const d of devices)
      expectNoConsoleErrors(d.page, { allow: [/Failed to load resource/, /net::ERR_/, /NotePad sync:/, /EventSource/] });
  });
}
