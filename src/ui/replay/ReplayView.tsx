import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useVirtualizer } from '@tanstack/react-virtual';
import { logToolToasts } from '../feedback';
import { LogFileInput } from '../logtools/LogFileInput';
import { LogFileError, parseLogFile, startOf } from '../../events/logFile';
import { Replay } from '../../projections/replay';
import { loadChainEngine, needsChainEngine } from '../../projections/changes/chainEngine';
import { inBackground } from '../../lib/scheduler';
import { ReplayState } from './ReplayState';
import { useReplaySource } from './useReplaySource';
import { eventJson } from './eventText';
import './replay.css';

/** Playback speeds, in events per second. */
const SPEEDS = [1, 4, 16, 64] as const;
const ROW_HEIGHT_PX = 28;
/** Longest string of an event shown whole in the current event's JSON, and in a timeline row's tooltip. */
const EVENT_STRING_CHARS = 2000;
const TOOLTIP_STRING_CHARS = 80;
/** Slice of checkpoint folding in idle time (ms): input arriving meanwhile waits no longer. */
const PREPARE_SLICE_MS = 8;
/** The timeline while the current log's events are read (docs/product.md "Event log tools"). */
const READING_TEXT = 'Reading the log…';

/**
 * The replay view at /replay: a timeline of events, step back/forward, jump, play at a
 * chosen speed, and beside it the projected state at that step. Folding only: no effect runs.
 * The current log opens on the state the app holds while its events are read, the steps
 * disabled until then (docs/product.md "Event log tools").
 */
export function ReplayView() {
  const { source, setSource, end } = useReplaySource();
  // A file holding saves as changes may need merges, which need Yjs: the replay waits until it has loaded.
  const [, engineLoaded] = useState(false);
  const waiting = source !== null && needsChainEngine(source.file.events);
  useEffect(() => {
    if (waiting) void loadChainEngine().then(() => engineLoaded(true));
  }, [waiting]);
  const replay = useMemo(() => (source && !waiting ? new Replay(source.file.events, startOf(source.file)) : null), [source, waiting]);
  const total = replay?.events.length ?? 0;
  // A replay opens on its last step: the step chosen is kept with the replay it was chosen in.
  const [chosen, setChosen] = useState<{ replay: Replay | null; step: number }>({ replay: null, step: 0 });
  const step = chosen.replay === replay ? chosen.step : total;
  const setStep = useCallback(
    (next: number | ((current: number) => number)) =>
      setChosen((prev) => {
        const current = prev.replay === replay ? prev.step : total;
        return { replay, step: typeof next === 'function' ? next(current) : next };
      }),
    [replay, total],
  );
  // The state the app holds, shown while the current log's events are read.
  const early = replay ? null : end;
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(SPEEDS[1]);
  const listRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The checkpoints a step back or a jump folds from, in idle slices once the last step is shown.
  useEffect(() => (replay ? inIdleSlices((budgetMs) => replay.prepare(undefined, budgetMs)) : undefined), [replay]);
  // The states just before the step shown, in idle slices once it is shown, so a step back shows a kept state.
  useEffect(
    () => (replay && !playing ? inIdleSlices((budgetMs) => replay.prepareNear(step, budgetMs)) : undefined),
    [replay, step, playing],
  );
  useEffect(() => {
    if (!playing) return;
    if (step >= total) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setStep((s) => Math.min(total, s + 1)), 1000 / speed);
    return () => clearTimeout(timer);
  }, [playing, step, total, speed, setStep]);

  const rows = useVirtualizer({ count: total, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT_PX, overscan: 10 });
  const state = useMemo(() => replay?.stateAt(step) ?? early ?? undefined, [replay, step, early]);
  const current = step > 0 ? replay?.events[step - 1] : undefined;

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setSource({ file: parseLogFile(await file.text()), name: file.name });
    } catch (error) {
      logToolToasts.replayRefused(error instanceof LogFileError ? error.message : String(error));
    }
  };

  return (
    <main className="replay-view">
      <header className="replay-header">
        <h1>Replay</h1>
        <span className="muted">{source ? `${source.name}: ${total} events` : early ? 'Current log' : 'Loading…'}</span>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Load log file
        </button>
        <LogFileInput inputRef={fileInput} label="Log file to replay" onFile={(file) => void loadFile(file)} />
        <Link href="/">Back to notes</Link>
      </header>
      <div className="replay-controls" role="toolbar" aria-label="Replay controls">
        <button type="button" aria-label="Go to start" onClick={() => setStep(0)} disabled={step === 0}>
          «
        </button>
        <button type="button" aria-label="Step back" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
          ‹
        </button>
        <button type="button" aria-label={playing ? 'Pause' : 'Play'} onClick={() => setPlaying((p) => !p)} disabled={total === 0}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" aria-label="Step forward" onClick={() => setStep((s) => Math.min(total, s + 1))} disabled={step >= total}>
          ›
        </button>
        <button type="button" aria-label="Go to end" onClick={() => setStep(total)} disabled={step >= total}>
          »
        </button>
        <label>
          Speed{' '}
          <select aria-label="Speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s} events/s
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          aria-label="Step"
          min={0}
          // While the current state shows, the disabled slider stands at the end, where that state is.
          max={early ? 1 : total}
          value={early ? 1 : step}
          onChange={(e) => setStep(Number(e.target.value))}
          disabled={!replay}
        />
        <output aria-label="Current step">{early ? 'Current state' : `Step ${step} of ${total}`}</output>
      </div>
      <div className="replay-body">
        {/* A scrolling region is focusable so keys can scroll it (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="replay-timeline" ref={listRef} aria-label="Timeline" tabIndex={0}>
          {!source && <p className="muted replay-reading">{READING_TEXT}</p>}
          <ol style={{ height: rows.getTotalSize(), position: 'relative', margin: 0, padding: 0 }}>
            {rows.getVirtualItems().map((row) => {
              const e = replay!.events[row.index];
              return (
                <li
                  key={e.id}
                  style={{ position: 'absolute', top: row.start, height: ROW_HEIGHT_PX, left: 0, right: 0 }}
                  className={row.index === step - 1 ? 'current' : row.index < step ? 'applied' : undefined}
                >
                  <button
                    type="button"
                    onClick={() => setStep(row.index + 1)}
                    title={eventJson(e.payload, TOOLTIP_STRING_CHARS).slice(0, 500)}
                  >
                    <span className="seq">#{e.seq}</span> <span className="type">{e.type}</span>{' '}
                    <time>{new Date(e.at).toLocaleTimeString()}</time>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
        <div className="replay-detail">
          <section aria-label="Current event">
            <h3>{early ? 'Current state' : `Event ${current ? `#${current.seq} ${current.type}` : '(before the first event)'}`}</h3>
            {current && (
              // A scrolling region is focusable so keys can scroll it (axe: scrollable-region-focusable).
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              <pre className="replay-payload" tabIndex={0}>
                {eventJson({ ...current, payload: { ...(current.payload as object), blocks: undefined } }, EVENT_STRING_CHARS, 2)}
              </pre>
            )}
          </section>
          {state && <ReplayState state={state} event={current} />}
        </div>
      </div>
    </main>
  );
}

/**
 * Run `work` in background slices of PREPARE_SLICE_MS (it returns true once done) until it is done or
 * the returned function is called.
 */
function inIdleSlices(work: (budgetMs: number) => boolean): () => void {
  let live = true;
  const slice = () => {
    if (live && !work(PREPARE_SLICE_MS)) inBackground(slice);
  };
  inBackground(slice);
  return () => {
    live = false;
  };
}
