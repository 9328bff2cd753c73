import type { EventLog } from '../events/eventLog';
import { lazySyncControl, type SyncControlLoader } from '../services/sync/lazySyncControl';
import { createExportRun, type ExportRun } from './exportAll/exportRun';
import { createLiveLinkIndex, type LiveLinkIndex } from './sidebar/liveLinkIndex';
import { createLiveSearchIndex, type LiveSearchIndex } from './sidebar/liveSearchIndex';

/**
 * The state a log's page keeps beside the log, each part with one owner (docs/architecture.md
 * "Start-up order"): made once per log at start-up and handed to components by `LogProvider`.
 */
export interface LogServices {
  /** The search index the sidebar and the next/previous-note commands search through. */
  search: LiveSearchIndex;
  /** The links between notes: "Linked from" and the search's join of titles with links read them. */
  links: LiveLinkIndex;
  /** The one export of all notes. */
  exportRun: ExportRun;
  /** Sync, loaded once the device syncs or the account entry is opened. */
  sync: SyncControlLoader;
}

/** The services of `log`, idle: start-up then reads the stored search index and keeps it and the link index fresh. */
export function createLogServices(log: EventLog): LogServices {
  return {
    search: createLiveSearchIndex((bodies) => log.readHtml(bodies)),
    links: createLiveLinkIndex(),
    exportRun: createExportRun(log),
    sync: lazySyncControl(log),
  };
}
