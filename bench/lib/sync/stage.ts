/**
 * The `sync` stage of `npm run bench` (docs/benchmarks.md "Sync figures"): the real host
 * (server/main.ts) serving the bench build on 127.0.0.1 with its databases in a temp folder, and
 * four figures measured against it in Chromium: a change seen on another device, typing with sync
 * on and off, bytes uploaded by a minute of typing, and a new device's start for a 10,000-note
 * account. The host is stopped at the end, also when a figure fails.
 */
import { paragraphBlock, paragraphDoc, paragraphsHtml } from '../corpus';
import { limitFigure, ratioFigure, type Figure } from '../report';
import type { StageContext, StageResult } from '../stages';
import { quantile, summarize } from '../stats';
import type { Diagnosis } from '../figures/profiles';
import { seedAccount } from './accountSeed';
import { benchEmail } from './account';
import { startBenchHost } from './host';
import { newDeviceRun, type NewDeviceRun } from './newDevice';
import { measureSyncTyping, type TypingPair } from './typing';
import { measureUpload } from './upload';
import { measureVisible } from './visible';

const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
const MB = 1e6;

/** The editor stage's 2-block note (two one-word paragraphs, the same block ids). */
const DOC2 = (() => {
  const blocks = [
    paragraphBlock('11111111-1111-4111-a111-111111111111', 'Hello'),
    paragraphBlock('22222222-2222-4222-a222-222222222222', 'world'),
  ];
  return { blocks, html: paragraphsHtml(blocks) };
})();

/**
 * Signed in vs no account, judged "within noise": the ratio of the medians must not exceed the
 * no-account side's own run-to-run spread (its slowest run / its median), and never less than 1.05x.
 */
function noiseFigure(name: string, on: number[], off: number[], note: string): Figure {
  const spread = Math.max(1.05, Math.max(...off) / quantile(off, 0.5));
  const figure = ratioFigure(name, 'ms', on, off, +spread.toFixed(2), `NotePad = signed in, baseline = no account; ${note}`);
  return { ...figure, target: `<= ${spread.toFixed(2)}x (noise)` };
}

/** A figure printed for information (no target). */
function infoRatio(name: string, unit: string, on: number[], off: number[], note: string): Figure {
  return {
    ...ratioFigure(name, unit, on, off, Number.POSITIVE_INFINITY, `NotePad = signed in, baseline = no account; ${note}`),
    target: 'info',
    pass: null,
  };
}

function typingFigures(label: string, pair: TypingPair, big: boolean): Figure[] {
  const per = (runs: TypingPair['on'], q: number) => runs.map((r) => quantile(r.keyMs, q));
  const figures = [
    noiseFigure(
      `sync.typing.${label}.median`,
      per(pair.on, 0.5),
      per(pair.off, 0.5),
      'per key, keydown -> next frame; median of per-run medians',
    ),
    noiseFigure(`sync.typing.${label}.p95`, per(pair.on, 0.95), per(pair.off, 0.95), 'per key; median of per-run p95'),
  ];
  if (big) {
    const longest = (runs: TypingPair['on']) => runs.map((r) => r.autosave?.longestTaskMs ?? Number.NaN).filter(Number.isFinite);
    figures.push(
      infoRatio(
        `sync.autosave.${label}.longest-task`,
        'ms',
        longest(pair.on),
        longest(pair.off),
        'longest task (>= 50 ms reported) from the last key to the save',
      ),
    );
    const heap = (runs: TypingPair['on']) => runs.map((r) => (r.heapBytes ?? Number.NaN) / 2 ** 20).filter(Number.isFinite);
    figures.push(infoRatio(`sync.memory.heap.${label}`, 'MiB', heap(pair.on), heap(pair.off), 'JS heap after gc(), note open'));
  }
  return figures;
}

function newDeviceFigures(notes: number, runs: NewDeviceRun[]): Figure[] {
  const ok = runs.filter((r) => Number.isFinite(r.seconds));
  const fromCheckpoint = runs.filter((r) => r.firstPullAfter !== 0).length;
  return [
    limitFigure(
      `sync.newdevice.${notes}.seconds`,
      's',
      ok.map((r) => r.seconds),
      null,
      `click on "Sign in" -> list holds all ${notes} notes and "Synced at"; ${ok.length}/${runs.length} runs in time; rows counted at the end ${runs.map((r) => r.rows).join(', ')}`,
    ),
    limitFigure(
      `sync.newdevice.${notes}.download`,
      'MB',
      ok.map((r) => r.downloadBytes / MB),
      null,
      `response bodies of /functions/v1/sync/* as received (gzip); with headers ${(
        quantile(
          ok.map((r) => r.downloadWithHeadersBytes),
          0.5,
        ) / MB
      ).toFixed(2)} MB; first pull after the checkpoint in ${fromCheckpoint}/${runs.length} runs`,
    ),
  ];
}

/** Measure the four sync figures against a host started for this stage. */
export async function syncStage(ctx: StageContext): Promise<StageResult> {
  const host = await startBenchHost(ctx.distDir);
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = { host: host.origin };
  const profiles: Record<string, Diagnosis> = {};
  try {
    log(`host ${host.origin} (server/main.ts, NOTEPAD_DIST=bench/dist, SQLite in a temp folder)`);

    const rounds = Number(process.env.BENCH_SYNC_ROUNDS ?? (ctx.scale < 1 ? 5 : 20));
    const visible = await measureVisible(ctx.browser, host.origin, rounds, log);
    raw.visible = visible;
    const editor = visible.map((r) => r.editorMs).filter(Number.isFinite);
    const key = visible.map((r) => r.keyMs).filter(Number.isFinite);
    figures.push(
      limitFigure(
        'sync.visible.median',
        'ms',
        editor,
        1000,
        `A's "Note saved!" -> B's editor shows the text (frame after); ${editor.length}/${rounds} rounds seen`,
      ),
      limitFigure(
        'sync.visible.p95',
        'ms',
        [quantile(editor, 0.95)],
        null,
        `p95 of the same ${editor.length} rounds; max ${summarize(editor).max.toFixed(0)} ms`,
      ),
      limitFigure(
        'sync.visible.key.median',
        'ms',
        key,
        null,
        `A's "Note saved!" -> B's note_{id} holds the text; p95 ${quantile(key, 0.95).toFixed(0)} ms`,
      ),
    );

    const doc5000 = paragraphDoc(Math.round(5000 * ctx.scale), 12, 5);
    for (const [label, doc, big] of [
      ['2blocks', DOC2, false],
      ['5000blocks', doc5000, true],
    ] as const) {
      const pair = await measureSyncTyping(ctx.browser, host.origin, doc, ctx.runs, big, log);
      raw[`typing.${label}`] = pair;
      figures.push(...typingFigures(label, pair, big));
    }

    const upload = await measureUpload(ctx.browser, host.origin, doc5000, Number(process.env.BENCH_SYNC_TYPING_S ?? 60) * 1000, log);
    raw.upload = upload;
    figures.push(
      limitFigure(
        'sync.upload.5000blocks.minute',
        'MB',
        [upload.wireBytes / MB],
        5,
        `request bodies of ${upload.pushes} pushes as sent (gzip) during ${(upload.typedMs / 1000).toFixed(0)} s of typing (${upload.keys} keys) and its last save; ${(upload.jsonBytes / MB).toFixed(1)} MB of JSON, ${upload.bodySaves} body saves (${upload.bodySavesWithBlocks} with their BlockNote document), largest push ${(upload.largestPushWireBytes / MB).toFixed(2)} MB, ${upload.failed} failed`,
      ),
    );

    const notes = Math.round(10_000 * ctx.scale);
    const seeded = await seedAccount(host.origin, benchEmail('newdevice'), notes, Math.round(500 * ctx.scale));
    raw.newDeviceAccount = seeded;
    log(
      `new device: account of ${notes} notes, ${seeded.events} events, checkpoint at ${seeded.checkpointSeq} (${(seeded.checkpointGzipBytes / MB).toFixed(2)} MB gzip, ${(seeded.checkpointJsonBytes / MB).toFixed(1)} MB JSON), head ${seeded.head}`,
    );
    const runs: NewDeviceRun[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      runs.push(await newDeviceRun(ctx.browser, host.origin, seeded.email, notes));
      log(`new device run ${i + 1}/${ctx.runs}: ${runs[i].seconds.toFixed(2)} s, ${(runs[i].downloadBytes / MB).toFixed(2)} MB down`);
    }
    raw.newDevice = runs;
    figures.push(...newDeviceFigures(notes, runs));
    const diagnosed = await newDeviceRun(ctx.browser, host.origin, seeded.email, notes, ctx.namer);
    if (diagnosed.profile) profiles[`sync.newdevice.${notes}`] = { cpu: diagnosed.profile, trace: null };
    return { figures, raw, profiles };
  } finally {
    await host.stop();
  }
}
