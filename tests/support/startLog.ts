/**
 * Start-up without a page (docs/architecture.md "Start-up order"): the whole sequence at once, for tests
 * that render nothing.
 */
import { beginStartup, type StartupDeps, type StartupResult } from '../../src/services/startup';

/**
 * Start the log and resolve when it is editable and the original app's notes are in. Never throws: a
 * failure is reported in the result.
 */
export async function startLog(deps: StartupDeps): Promise<StartupResult> {
  const startup = beginStartup(deps);
  startup.painted();
  const result = await startup.editable;
  await startup.legacyImported;
  return result;
}
