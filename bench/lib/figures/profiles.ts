import type { Browser, BrowserContext } from '@playwright/test';
import { newContext } from '../browser';
import { installProbe, waitIn } from '../probes';
import { startProfile, type Attribution, type FrameNamer } from '../profile';
import { traced, type TraceSummary } from '../trace';
import type { paragraphDoc } from '../corpus';
import { measureAutosave, notePadEditorContext, openEditor, typeKeys } from './editor';

/** Where one scenario's time went: JS functions (CPU profile) and main-thread work by kind (trace). */
export interface Diagnosis {
  cpu: Attribution;
  trace: TraceSummary | null;
}

type Doc = ReturnType<typeof paragraphDoc>;

/** The part of a stage's context (stages.ts `StageContext`) the diagnoses use. */
interface ProfileContext {
  browser: Browser;
  origin: string;
  namer: FrameNamer;
}

/**
 * Diagnose the editor scenarios outside the measured runs: typing in a note `label` (both apps)
 * under the CPU profiler and a trace; with `autosave`, then NotePad's autosave once under the
 * profiler and once (after more keys) under a trace alone, which also gives its exact longest task.
 */
export async function diagnoseEditors(ctx: ProfileContext, doc: Doc, label: string, autosave: boolean): Promise<Record<string, Diagnosis>> {
  const out: Record<string, Diagnosis> = {};
  for (const app of ['notepad', 'baseline'] as const) {
    let context: BrowserContext;
    if (app === 'notepad') context = await notePadEditorContext(ctx.browser, ctx.origin, doc);
    else {
      context = await newContext(ctx.browser);
      await installProbe(context, false);
    }
    try {
      const { page } = await openEditor(context, ctx.origin, app, doc);
      await page.waitForTimeout(500);
      const stop = await startProfile(page);
      const trace = await traced(ctx.browser, page, async () => void (await typeKeys(page, 20)));
      out[`typing.${label}.${app}`] = { cpu: ctx.namer.attribute(await stop()), trace };
      if (autosave && app === 'notepad') {
        const stopSave = await startProfile(page);
        await measureAutosave(page);
        const cpu = ctx.namer.attribute(await stopSave());
        // The first save's "Note saved!" must be gone, or the traced wait would end at once.
        await waitIn(page, () => !document.querySelector('.status-message')?.textContent?.includes('Note saved!'), 15_000);
        await typeKeys(page, 8);
        const saveTrace = await traced(ctx.browser, page, async () => void (await measureAutosave(page)));
        out[`autosave.${label}.notepad`] = { cpu, trace: saveTrace };
      }
    } finally {
      await context.close();
    }
  }
  return out;
}

/** Diagnose one cold load of each app (CPU profile and trace together). */
export async function diagnoseLoads(ctx: ProfileContext, doc: Doc): Promise<Record<string, Diagnosis>> {
  const out: Record<string, Diagnosis> = {};
  for (const app of ['notepad', 'baseline'] as const) {
    const context = app === 'notepad' ? await notePadEditorContext(ctx.browser, ctx.origin, doc) : await newContext(ctx.browser);
    if (app === 'baseline') await installProbe(context, false);
    try {
      const page = await context.newPage();
      await page.goto(ctx.origin + '/__bench/blank');
      const stop = await startProfile(page);
      const trace = await traced(ctx.browser, page, async () => {
        await page.goto(ctx.origin + (app === 'notepad' ? '/' : '/bench/baseline/'));
        await waitIn(page, () => window.__probe.editableAt !== null, 60_000);
      });
      out[`load.${app}`] = { cpu: ctx.namer.attribute(await stop()), trace };
    } finally {
      await context.close();
    }
  }
  return out;
}
