/**
 * The sync stage's figures (docs/benchmarks.md "Sync figures"), built from its measurements in
 * the format of every stage: name, value, target, PASS/FAIL (or info).
 */
import { limitFigure, ratioFigure, type Figure } from '../report';
import { quantile, summarize } from '../stats';
import type { SeededAccount } from './accountSeed';
import type { BigNoteCheck } from './bigNote';
import type { MergeRun } from './merge';
import type { NewDeviceRun } from './newDeviceSignIn';
import type { TypingPair } from './typing';
import type { UploadResult } from './upload';
import type { VisibleRound } from './visible';

const MB = 1e6;
const SIDES = 'NotePad = signed in, baseline = no account';

/** A change on A seen on B: median (target <= 1 s) and p95 of the rounds, to B's editor and to B's `note_{id}`. */
export function visibleFigures(rounds: VisibleRound[]): Figure[] {
  const editor = rounds.map((r) => r.editorMs).filter(Number.isFinite);
  const key = rounds.map((r) => r.keyMs).filter(Number.isFinite);
  return [
    limitFigure(
      'sync.visible.median',
      'ms',
      editor,
      1000,
      `A's "Note saved!" -> B's editor shows the text (frame after); ${editor.length}/${rounds.length} rounds seen`,
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
  ];
}

/**
 * Signed in vs no account, judged "within noise": the ratio of the medians must not exceed
 * 1 + 2 x the no-account runs' median absolute deviation / their median (a robust two-sigma band of
 * their run-to-run spread, which one stalled run does not widen), and never less than 1.05x.
 */
function noiseFigure(name: string, on: number[], off: number[], note: string): Figure {
  const median = quantile(off, 0.5);
  const mad = quantile(
    off.map((x) => Math.abs(x - median)),
    0.5,
  );
  const band = Math.max(1.05, 1 + (2 * mad) / median);
  const figure = ratioFigure(name, 'ms', on, off, +band.toFixed(2), `${SIDES}; ${note}`);
  return { ...figure, target: `<= ${band.toFixed(2)}x (noise)` };
}

/** A signed-in / no-account ratio printed for information. */
function infoRatio(name: string, unit: string, on: number[], off: number[], note: string): Figure {
  return { ...ratioFigure(name, unit, on, off, Number.POSITIVE_INFINITY, `${SIDES}; ${note}`), target: 'info', pass: null };
}

/** Per-key latency signed in vs no account (median and p95), and for the big note its autosave's longest task and the heap. */
export function typingFigures(label: string, pair: TypingPair, big: boolean, docNote: string): Figure[] {
  const per = (runs: TypingPair['on'], q: number) => runs.map((r) => quantile(r.keyMs, q));
  const figures = [
    noiseFigure(
      `sync.typing.${label}.median`,
      per(pair.on, 0.5),
      per(pair.off, 0.5),
      `${docNote}; per key, keydown -> next frame; median of per-run medians`,
    ),
    noiseFigure(`sync.typing.${label}.p95`, per(pair.on, 0.95), per(pair.off, 0.95), `${docNote}; per key; median of per-run p95`),
  ];
  if (big) {
    const longest = (runs: TypingPair['on']) => runs.map((r) => r.autosave?.longestTaskMs ?? Number.NaN).filter(Number.isFinite);
    const heap = (runs: TypingPair['on']) => runs.map((r) => (r.heapBytes ?? Number.NaN) / 2 ** 20).filter(Number.isFinite);
    figures.push(
      infoRatio(
        `sync.autosave.${label}.longest-task`,
        'ms',
        longest(pair.on),
        longest(pair.off),
        'longest task (>= 50 ms reported) from the last key to the save',
      ),
      infoRatio(`sync.memory.heap.${label}`, 'MiB', heap(pair.on), heap(pair.off), 'JS heap after gc(), note open'),
    );
  }
  return figures;
}

/** Bytes a minute of typing pushed (target <= 200 KB) and a one-word save (<= 2 KB), judged only when the last save reached the server. */
export function uploadFigures(label: string, upload: UploadResult, docNote: string): Figure[] {
  const minute = limitFigure(
    `sync.upload.${label}.minute`,
    'MB',
    [upload.wireBytes / MB],
    0.2,
    `${docNote}; request bodies of ${upload.pushes} pushes as sent (gzip) during ${(upload.typedMs / 1000).toFixed(0)} s of typing (${upload.keys} keys) and its last save; ${(upload.jsonBytes / MB).toFixed(2)} MB of JSON, the account then holds ${upload.changeSaves} saves as changes and ${upload.bodySaves} whole-body saves (the seeded note's), largest push ${(upload.largestPushWireBytes / MB).toFixed(3)} MB, ${upload.failed} failed; last word on the server: ${upload.reachedServer ? 'yes' : 'NO'}`,
  );
  const oneWord = limitFigure(
    `sync.upload.${label}.one-word-save`,
    'KB',
    [upload.oneWordWireBytes / 1000],
    2,
    `${docNote}; one word typed after that minute and saved alone: request bodies of its pushes as sent (${upload.oneWordEvents} events)`,
  );
  // An hour of such typing, from the measured minute: the host keeps every event (none is older than its keep window).
  const { seedStored: seed, minuteStored: perMinute } = upload;
  const hostHour = limitFigure(
    `sync.host.${label}.60min`,
    'MB',
    [(seed.textBytes + 60 * perMinute.textBytes) / MB],
    5,
    `${docNote}; the account's events as the host serves them (their stored JSON): the seeded note ${(seed.textBytes / MB).toFixed(2)} MB in ${seed.events} events, plus 60 x the measured minute's ${(perMinute.textBytes / MB).toFixed(3)} MB in ${perMinute.events} events (extrapolated from one minute, not typed for an hour)`,
  );
  const newDevice = limitFigure(
    `sync.newdevice.${label}.60min.download`,
    'MB',
    [(seed.gzipBytes + 60 * perMinute.gzipBytes) / MB],
    3,
    `${docNote}; what a new device of that account downloads after the hour, pulling every event (gzip answers): the seeded note ${(seed.gzipBytes / MB).toFixed(2)} MB plus 60 x the minute's ${(perMinute.gzipBytes / MB).toFixed(3)} MB (extrapolated; a checkpoint every 1,000 events would replace part of it)`,
  );
  return [
    { ...minute, pass: minute.pass === true && upload.reachedServer },
    { ...oneWord, pass: oneWord.pass === true && upload.oneWordEvents > 0 },
    { ...hostHour, pass: hostHour.pass === true && perMinute.events > 0 },
    { ...newDevice, pass: newDevice.pass === true && perMinute.events > 0 },
  ];
}

/** A note too large to sync must stay shown on its own device. */
export function bigNoteFigure(check: BigNoteCheck): Figure {
  return {
    name: 'sync.bignote.kept-on-device',
    unit: 'blocks',
    notepad: null,
    baseline: null,
    value: check.blocksAfter,
    display: `${check.blocksAfter}/${check.blocksBefore} blocks`,
    target: 'all blocks',
    pass: check.blocksAfter === check.blocksBefore,
    note: `a ${check.blocksBefore}-paragraph note of 40 words each (7.3 MB of HTML, over the 6 MiB per event) shown before and after signing in; status "${check.status}"`,
  };
}

/** A new device's start: seconds and MB downloaded (no target: printed for information). */
export function newDeviceFigures(account: SeededAccount, runs: NewDeviceRun[]): Figure[] {
  const ok = runs.filter((r) => Number.isFinite(r.seconds));
  const fromCheckpoint = runs.filter((r) => r.firstPullAfter !== 0).length;
  const withHeaders = quantile(
    ok.map((r) => r.downloadWithHeadersBytes),
    0.5,
  );
  return [
    limitFigure(
      `sync.newdevice.${account.notes}.seconds`,
      's',
      ok.map((r) => r.seconds),
      null,
      `click on "Sign in" -> list holds all ${account.notes} notes and "Synced at"; the list alone ${quantile(
        ok.map((r) => r.listSeconds),
        0.5,
      ).toFixed(
        2,
      )} s; ${ok.length}/${runs.length} runs in time; checkpoint at ${account.checkpointSeq} of ${account.head} events; rows counted at the end ${runs.map((r) => r.rows).join(', ')}`,
    ),
    limitFigure(
      `sync.newdevice.${account.notes}.download`,
      'MB',
      ok.map((r) => r.downloadBytes / MB),
      null,
      `response bodies of /functions/v1/sync/* as received (gzip; the checkpoint is ${(account.checkpointGzipBytes / MB).toFixed(2)} MB of it); with headers ${(withHeaders / MB).toFixed(2)} MB; first pull after the checkpoint in ${fromCheckpoint}/${runs.length} runs`,
    ),
  ];
}

/**
 * Two devices' 100 offline edits each merging (target <= 2 s, median of the runs): PASS only when every
 * run was seen within its minute and converged (A's note_{id} is B's fold of the account, all 200 words).
 */
export function mergeFigure(blocks: number, runs: MergeRun[]): Figure {
  const seen = runs.filter((r) => Number.isFinite(r.ms));
  const converged = runs.filter((r) => r.converged).length;
  const list = (pick: (r: MergeRun) => number) => runs.map(pick).join(', ');
  const figure = limitFigure(
    `sync.merge.${blocks}blocks`,
    's',
    seen.map((r) => r.ms / 1000),
    2,
    `${blocks}-paragraph note; A (Chromium) offline saves 100 edits in 100 blocks (Ctrl+S each), B (Node) pushes 100 saves as changes in 100 other blocks; A's setOffline(false) -> A "Synced at" and its editor shows B's 100 words; ${seen.length}/${runs.length} runs seen; A's saves per run ${list((r) => r.aSaves)}, B's ${list((r) => r.bSaves)}; events pulled at the end ${list((r) => r.pulled)}; converged (A's note_{id} = B's fold, 200/200 words) in ${converged}/${runs.length} runs`,
  );
  return { ...figure, pass: figure.pass === true && seen.length === runs.length && converged === runs.length };
}

/** A figure for a part of the stage that broke (the others are still measured). */
export function errorFigure(name: string, error: unknown): Figure {
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return {
    name: `${name}.error`,
    unit: '',
    notepad: null,
    baseline: null,
    value: null,
    display: 'ERROR',
    target: 'no error',
    pass: false,
    note: message,
  };
}
