/**
 * The `sync` stage of `npm run bench` (docs/benchmarks.md "Sync figures"): the real host
 * (server/main.ts) serving the bench build on 127.0.0.1 with its databases in a temp folder, and
 * the figures measured against it in Chromium: a change seen on another device, typing signed in
 * and without an account, bytes pushed by a minute of typing, a note too large to sync, two
 * devices' offline edits merging, and a new device's start for a 10,000-note account. A part that breaks is a FAIL of its own figure; the
 * host is stopped at the end in every case.
 */
import { DOC2, paragraphDoc } from '../corpus';
import type { Figure } from '../report';
import type { StageContext, StageResult } from '../stages';
import type { Diagnosis } from '../figures/profiles';
import { seedAccount } from './accountSeed';
import { benchEmail } from './signInSteps';
import { checkBigNote } from './bigNote';
import { bigNoteFigure, errorFigure, mergeFigure, newDeviceFigures, typingFigures, uploadFigures, visibleFigures } from './figures';
import { startBenchHost } from './benchHost';
import { newDeviceRun, type NewDeviceRun } from './newDeviceSignIn';
import { measureMerge } from './merge';
import { measureSyncTyping } from './typing';
import { measureUpload } from './upload';
import { measureVisible } from './visible';

const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);

/** Measure the sync figures against a host started for this stage. */
export async function syncStage(ctx: StageContext): Promise<StageResult> {
  const host = await startBenchHost(ctx.distDir);
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = { host: host.origin };
  const profiles: Record<string, Diagnosis> = {};
  // BENCH_SYNC_PARTS (comma list of visible, typing, upload, bignote, merge, newdevice) runs only those parts.
  const parts = process.env.BENCH_SYNC_PARTS?.split(',').map((p) => p.trim());
  const part = async (name: string, measure: () => Promise<void>) => {
    if (parts && !parts.some((p) => name.startsWith(`sync.${p}`))) return;
    try {
      await measure();
    } catch (error) {
      console.error(`  ERROR in ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      figures.push(errorFigure(name, error));
    }
  };
  const blocks = Math.round(5000 * ctx.scale);
  // The editor stage's note (12 words a paragraph: 2.18 MB of HTML, saved without its BlockNote
  // document on the wire); 40 words (7.3 MB) is over the 6 MiB a synced event may hold (sync.bignote).
  const syncable = paragraphDoc(blocks, 12, 5);
  const docNote = `${blocks} paragraphs of 12 words`;
  try {
    log(`host ${host.origin} (server/main.ts, NOTEPAD_DIST=bench/dist, SQLite in a temp folder)`);
    await part('sync.visible', async () => {
      const rounds = await measureVisible(ctx.browser, host.origin, Number(process.env.BENCH_SYNC_ROUNDS ?? (ctx.scale < 1 ? 5 : 20)), log);
      raw.visible = rounds;
      figures.push(...visibleFigures(rounds));
    });
    for (const [label, doc, big, note] of [
      ['2blocks', DOC2, false, 'the editor stage\u2019s 2-block note'],
      ['5000blocks', syncable, true, docNote],
    ] as const) {
      await part(`sync.typing.${label}`, async () => {
        const pair = await measureSyncTyping(ctx.browser, host.origin, doc, ctx.runs, big, log);
        raw[`typing.${label}`] = pair;
        figures.push(...typingFigures(label, pair, big, note));
      });
    }
    await part('sync.upload', async () => {
      const upload = await measureUpload(ctx.browser, host.origin, syncable, Number(process.env.BENCH_SYNC_TYPING_S ?? 60) * 1000, log);
      raw.upload = upload;
      figures.push(...uploadFigures('5000blocks', upload, docNote));
    });
    await part('sync.bignote', async () => {
      const check = await checkBigNote(ctx.browser, host.origin, paragraphDoc(blocks, 40, 5));
      raw.bigNote = check;
      log(`big note: ${check.blocksAfter}/${check.blocksBefore} blocks shown after signing in; status "${check.status}"`);
      figures.push(bigNoteFigure(check));
    });
    await part('sync.merge', async () => {
      const merge = await measureMerge(ctx.browser, host.origin, paragraphDoc(500, 12, 7), ctx.runs, log);
      raw.merge = merge;
      figures.push(mergeFigure(500, merge));
    });
    await part('sync.newdevice', async () => {
      const notes = Math.round(10_000 * ctx.scale);
      const account = await seedAccount(host.origin, benchEmail('newdevice'), notes, Math.round(500 * ctx.scale));
      raw.newDeviceAccount = account;
      log(
        `new device: account of ${notes} notes, ${account.events} events, checkpoint at ${account.checkpointSeq} (${(account.checkpointGzipBytes / 1e6).toFixed(2)} MB gzip, ${(account.checkpointJsonBytes / 1e6).toFixed(1)} MB JSON), head ${account.head}`,
      );
      const runs: NewDeviceRun[] = [];
      for (let i = 0; i < ctx.runs; i++) {
        runs.push(await newDeviceRun(ctx.browser, host.origin, account.email, notes));
        log(`new device run ${i + 1}/${ctx.runs}: ${runs[i].seconds.toFixed(2)} s, ${(runs[i].downloadBytes / 1e6).toFixed(2)} MB down`);
      }
      raw.newDevice = runs;
      figures.push(...newDeviceFigures(account, runs));
      const diagnosed = await newDeviceRun(ctx.browser, host.origin, account.email, notes, ctx.namer);
      if (diagnosed.profile) profiles[`sync.newdevice.${notes}`] = { cpu: diagnosed.profile, trace: null };
    });
    return { figures, raw, profiles };
  } finally {
    await host.stop();
  }
}
