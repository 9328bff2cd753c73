/**
 * The `organize` stage (docs/benchmarks.md "Organisation figures"): the 10,000-note library of the
 * library stage with 60 notebooks three levels deep and 500 tags, beside the same library without
 * them: choosing in the sidebar's trees, a second tag, the tag field's suggestions, renaming a tag
 * on 2,000 notes, the trees' first render, the start figures of both libraries, and the first start
 * after the update to schema 4 (`library.upgrade.*`) on the library without them.
 */
import type { BrowserContext } from '@playwright/test';
import { newContext } from './browser';
import { vocabulary } from './corpus';
import { installProbe } from './probes';
import { appSnapshot } from './seed';
import { limitFigure, ratioFigure, type Figure } from './report';
import type { StageContext, StageResult } from './stages';
import { type LibrarySeeded, type LibrarySpec } from './librarySeed';
import { seedLibrary } from './figures/library';
import { openUsable } from './figures/libraryViews';
import { organizeRun, treesLive, type OrganizeRun } from './figures/organize';
import { installTreesProbe, organizeStart, type OrganizeStart } from './figures/organizeStart';
import { upgradeRun, type UpgradeRun } from './figures/upgrade';

const log = (msg: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
/** The tag the runs rename, carried by every 5th note (2,000 of 10,000). */
const RENAMED_TAG = 'Ledger';
/** Notebooks and tags of the organised library. */
const ORGANISE = { notebooks: 60, tags: 500, renamedEvery: 5, renamedTag: RENAMED_TAG };

/** Seed the library of `notes` notes (organised or not: the same notes, bodies and edits) and let the app write its snapshot. */
async function seeded(ctx: StageContext, notes: number, organise: boolean): Promise<{ context: BrowserContext; seeded: LibrarySeeded }> {
  const context = await newContext(ctx.browser);
  await installProbe(context, true);
  await installTreesProbe(context);
  const spec: LibrarySpec = {
    notes,
    edits: notes * 2,
    now: Date.now(),
    seed: notes,
    vocab: vocabulary(),
    skipCompaction: true,
    ...(organise ? { organise: ORGANISE } : {}),
  };
  const t0 = Date.now();
  const library = await seedLibrary(context, ctx.origin, spec);
  const { firstRowMs } = await appSnapshot(context, ctx.origin, 600_000);
  log(
    `${organise ? 'organised' : 'plain'} library: ${library.events} events, ${(library.bytes / 1e6).toFixed(0)} MB, ${library.live} notes; seeded and folded in ${((Date.now() - t0) / 1000).toFixed(0)} s (first boot first row ${firstRowMs?.toFixed(0) ?? 'n/a'} ms)`,
  );
  return { context, seeded: library };
}

/** The names the runs pick from the organised library's trees: a top notebook, two top tags and what to type. */
async function picks(context: BrowserContext, origin: string): Promise<{ notebook: string; secondTag: string; taggedNotes: string }> {
  const page = await context.newPage();
  try {
    await openUsable(page, origin, 0);
    if (!(await treesLive(page, 60_000))) throw new Error('the sidebar trees never went live');
    const names = (tree: string) =>
      page.locator(`[role="tree"][aria-label="${tree}"] [role="treeitem"][aria-level="1"] .tree-name`).allInnerTexts();
    const notebook = (await names('Notebooks'))[0];
    const secondTag = (await names('Tags')).find((t) => t !== RENAMED_TAG)!;
    const count = await page
      .locator('[role="tree"][aria-label="Tags"] [role="treeitem"]', {
        has: page.locator('.tree-name', { hasText: new RegExp(`^${RENAMED_TAG}$`) }),
      })
      .locator('.tree-count')
      .innerText();
    return { notebook, secondTag, taggedNotes: count.replace(/\s+/g, ' ') };
  } finally {
    await page.close();
  }
}

/** Every `organize.*` and `library.upgrade.*` figure (see the file's docstring). */
export async function organizeStage(ctx: StageContext): Promise<StageResult> {
  const notes = Math.round(10_000 * ctx.scale);
  const organised = await seeded(ctx, notes, true);
  let plain: { context: BrowserContext; seeded: LibrarySeeded } | null = null;
  try {
    plain = await seeded(ctx, notes, false);
    // Starts interleaved, organised then plain, so the machine's load shifts both alike.
    const starts = { organised: [] as OrganizeStart[], plain: [] as OrganizeStart[] };
    for (let i = 0; i < ctx.runs; i++) {
      starts.organised.push(await organizeStart(organised.context, ctx.origin));
      starts.plain.push(await organizeStart(plain.context, ctx.origin));
      const [o, p] = [starts.organised[i], starts.plain[i]];
      log(
        `start ${i + 1}/${ctx.runs}: organised first row ${o.firstRowMs.toFixed(0)} ms, editable ${o.editableMs.toFixed(0)} ms, trees live ${o.treesLiveMs.toFixed(0)} ms (frame ${o.treeFrameMs.toFixed(0)} ms${o.treeFrameLong ? ', long' : ''}); plain ${p.firstRowMs.toFixed(0)} / ${p.editableMs.toFixed(0)} ms`,
      );
    }

    const chosen = await picks(organised.context, ctx.origin);
    log(`picks: notebook "${chosen.notebook}", tags "${RENAMED_TAG}" (${chosen.taggedNotes}) and "${chosen.secondTag}"`);
    const runs: OrganizeRun[] = [];
    let tagName = RENAMED_TAG;
    for (let i = 0; i < ctx.runs; i++) {
      const page = await organised.context.newPage();
      try {
        await openUsable(page, ctx.origin, 2000);
        if (!(await treesLive(page, 60_000))) throw new Error('the sidebar trees never went live');
        // No space: a tree item's accessible name comes through an id made from the tag, and a space splits it.
        const renameTo = `${RENAMED_TAG}-${i + 1}`;
        const run = await organizeRun(page, {
          notebook: chosen.notebook,
          tag: tagName,
          secondTag: chosen.secondTag,
          typed: chosen.secondTag.slice(0, 4),
          renameFrom: tagName,
          renameTo,
        });
        tagName = renameTo;
        runs.push(run);
        log(
          `run ${i + 1}/${ctx.runs}: notebook ${run.notebookMs.toFixed(0)} ms, tag ${run.tagMs.toFixed(0)} ms, second tag ${run.secondTagMs.toFixed(0)} ms, suggestions ${run.suggestionKeyMs.map((m) => m.toFixed(0)).join('/')} ms (${run.suggestionKeysUnchanged} unchanged), rename ${run.renameMs.toFixed(0)} ms, ${run.renameEvents.count} event(s): ${run.renameEvents.types.join(', ')}`,
        );
      } finally {
        await page.close();
      }
    }

    const upgrades: UpgradeRun[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      upgrades.push(await upgradeRun(plain.context, ctx.origin));
      const u = upgrades[i];
      log(
        `update ${i + 1}/${ctx.runs}: ${u.rewritten.snapshots} snapshot records and ${u.rewritten.events} events made schema 3; first start first row ${u.first.firstRowMs.toFixed(0)} ms, editable ${u.first.editableMs.toFixed(0)} ms; ${u.ownSnapshot ? 'own snapshot written' : 'NO snapshot of this build within 20 s'}; second start ${u.second.firstRowMs.toFixed(0)} / ${u.second.editableMs.toFixed(0)} ms`,
      );
    }

    return {
      figures: figuresOf(notes, organised.seeded, chosen.taggedNotes, starts, runs, upgrades),
      raw: { starts, runs, upgrades, chosen },
      profiles: {},
    };
  } finally {
    await organised.context.close();
    await plain?.context.close();
  }
}

function figuresOf(
  notes: number,
  seededLibrary: LibrarySeeded,
  taggedNotes: string,
  starts: { organised: OrganizeStart[]; plain: OrganizeStart[] },
  runs: OrganizeRun[],
  upgrades: UpgradeRun[],
): Figure[] {
  const o = starts.organised;
  const p = starts.plain;
  const finite = (xs: number[]) => xs.filter(Number.isFinite);
  const events = runs.map((r) => r.renameEvents.count);
  const library = `${seededLibrary.live} notes, ${ORGANISE.notebooks} notebooks, ${ORGANISE.tags} tags`;
  return [
    limitFigure(
      'organize.notebook.choose',
      'ms',
      finite(runs.map((r) => r.notebookMs)),
      50,
      `${library}; click a top notebook -> note list changed and painted`,
    ),
    limitFigure(
      'organize.tag.choose',
      'ms',
      finite(runs.map((r) => r.tagMs)),
      50,
      `click the tag on ${taggedNotes} -> note list changed and painted`,
    ),
    limitFigure(
      'organize.tag.second',
      'ms',
      finite(runs.map((r) => r.secondTagMs)),
      50,
      'Ctrl-click a second tag -> note list changed and painted',
    ),
    limitFigure(
      'organize.tag.suggestions.keystroke',
      'ms',
      runs.flatMap((r) => r.suggestionKeyMs),
      16,
      `each key in the note's tag field: keydown -> suggestions changed and painted; ${runs.reduce((n, r) => n + r.suggestionKeysUnchanged, 0)} keys left them as they were`,
    ),
    limitFigure(
      'organize.tag.rename',
      'ms',
      finite(runs.map((r) => r.renameMs)),
      200,
      `rename the tag on ${taggedNotes}: click Rename -> new name in the tree, painted`,
    ),
    {
      ...limitFigure(
        'organize.tag.rename.events',
        'events',
        events,
        1,
        `events appended per rename: ${runs.map((r) => r.renameEvents.types.join('+')).join('; ')}`,
      ),
      pass: events.length > 0 && events.every((n) => n === 1),
    },
    limitFigure(
      'organize.trees.first-render',
      'ms',
      finite(o.map((s) => s.treeFrameMs)),
      50,
      `the frame that drew the live trees with counts (long animation frame; ${o.filter((s) => s.treeFrameLong).length} of ${o.length} were >= 50 ms); trees live at ${finite(
        o.map((s) => s.treesLiveMs),
      )
        .map((m) => m.toFixed(0))
        .join(', ')} ms after navigation`,
    ),
    ratioFigure(
      'organize.start.first-row',
      'ms',
      o.map((s) => s.firstRowMs),
      p.map((s) => s.firstRowMs),
      1.1,
      `"baseline": the same ${notes}-note library without notebooks and tags; navigation -> first row painted`,
    ),
    ratioFigure(
      'organize.start.editable',
      'ms',
      o.map((s) => s.editableMs),
      p.map((s) => s.editableMs),
      1.1,
      '"baseline" as above; navigation -> the selected note editable and painted',
    ),
    ratioFigure(
      'library.upgrade.first-row',
      'ms',
      upgrades.map((u) => u.first.firstRowMs),
      p.map((s) => s.firstRowMs),
      1.1,
      `first start after the update (log and snapshot of schema 3) vs "baseline", the start before it (this build's own snapshot); navigation -> first row painted`,
    ),
    ratioFigure(
      'library.upgrade.editable',
      'ms',
      upgrades.map((u) => u.first.editableMs),
      p.map((s) => s.editableMs),
      1.1,
      'as above; navigation -> the selected note editable and painted',
    ),
    ratioFigure(
      'library.upgrade.second.first-row',
      'ms',
      upgrades.map((u) => u.second.firstRowMs),
      p.map((s) => s.firstRowMs),
      1.1,
      `the start after that (${upgrades.filter((u) => u.ownSnapshot).length} of ${upgrades.length} after this build wrote its own snapshot) vs the start before the update`,
    ),
  ];
}
