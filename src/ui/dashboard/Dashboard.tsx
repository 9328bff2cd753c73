import { useMemo, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import type { NotesState } from '../../projections/notesState';
import { dashboardStatistics, DASHBOARD_DAYS, TOP_WORDS_COUNT } from '../../projections/statistics';
import { useResolvedTheme } from '../theme/useTheme';
import { FollowUpList } from './FollowUpList';
import { StarredDonut } from './StarredDonut';
import { WeekdayChart } from './WeekdayChart';
import { WordCloudPanel } from './WordCloudPanel';
import { OrganisationBars } from './OrganisationBars';
import { organisationStatistics, TOP_TAGS_COUNT } from '../../projections/organisation/organisationStatistics';
import { useToday } from './useToday';
import { useReadTexts } from './useReadTexts';
import { useStoredCounts } from './useStoredCounts';
import './dashboard.css';

/** What the dashboard reads (the notes projection) and what it asks the notes app to do (close, open a note). */
export interface DashboardProps {
  /** The notes projection; a new object after every change, in this tab or another. */
  notes: NotesState;
  onClose(): void;
  /** Leave the dashboard and open note `id` in the editor. */
  onOpenNote(id: string): void;
}

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const number = (n: number) => n.toLocaleString();

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dashboard-card">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Panel({ title, caption, className, children }: { title: string; caption?: string; className?: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={`dashboard-panel ${className ?? ''}`} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {caption && <p className="panel-caption">{caption}</p>}
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="panel-empty">{children}</p>;

/**
 * The analytics dashboard (docs/product.md "Dashboard", "Constants"): cards, a summary of total words,
 * and six panels (last 7 days by weekday, starred vs not, most used words, notes per notebook, most
 * used tags, follow-up items).
 * Every figure comes from the statistics projection, recomputed when the notes change (also from
 * another tab) or the date changes. Loaded lazily: Plot, d3 and wordcloud are only in its chunk.
 */
export default function Dashboard({ notes, onClose, onOpenNote }: DashboardProps) {
  const theme = useResolvedTheme();
  const now = useToday();
  const known = useStoredCounts(notes);
  // The counts an earlier page stored come first (an IndexedDB read): notes at the same revision are not read again;
  // then the HTML of the other notes whose bodies hold none (docs/architecture.md "Documents by reference").
  const textsRead = useReadTexts(notes, now, TIME_ZONE, known);
  const stats = useMemo(
    () => (known === undefined || !textsRead ? null : dashboardStatistics(notes, now, TIME_ZONE, known)),
    [notes, now, known, textsRead],
  );
  const organised = useMemo(() => organisationStatistics(notes), [notes]);
  const header = (
    <header className="dashboard-header">
      <div className="dashboard-titles">
        <h2 id="dashboard-heading">Analytics Dashboard</h2>
        <p className="dashboard-subtitle">Overview of your notes and activity</p>
      </div>
      <button type="button" className="dashboard-close" aria-label="Close analytics" onClick={onClose}>
        ✕
      </button>
    </header>
  );
  if (!stats) {
    return (
      <section className="dashboard" aria-labelledby="dashboard-heading" aria-busy="true">
        {header}
      </section>
    );
  }
  const fresh = stats.totalNotes === 0;

  return (
    <section className="dashboard" aria-labelledby="dashboard-heading">
      {header}

      <div className="dashboard-body">
        <dl className="dashboard-cards">
          <Card label="Total Notes">{number(stats.totalNotes)}</Card>
          <Card label="Total Words">{number(stats.totalWords)}</Card>
          <Card label="Last Modified">
            {stats.lastModified ? <time dateTime={stats.lastModified}>{format(parseISO(stats.lastModified), 'PP p')}</time> : '—'}
          </Card>
        </dl>

        <p className="dashboard-summary" aria-label="Summary">
          <strong>{number(stats.totalWords)}</strong> {stats.totalWords === 1 ? 'word' : 'words'} in {number(stats.totalNotes)}{' '}
          {stats.totalNotes === 1 ? 'note' : 'notes'}
          {fresh && <span className="dashboard-summary-hint"> · Create a note to start seeing your activity here.</span>}
        </p>

        <div className="dashboard-panels">
          <Panel
            title={`Notes in the Last ${DASHBOARD_DAYS} Days`}
            caption="Each note counts on the day it was last modified; today is on the right."
          >
            {fresh ? (
              <Empty>No notes yet. Each day’s bar will show how many notes you created or edited that day.</Empty>
            ) : (
              <WeekdayChart days={stats.lastDays} />
            )}
          </Panel>

          <Panel title="Starred vs Not Starred">
            {fresh ? (
              <Empty>No notes yet. This chart will compare your starred notes with the rest.</Empty>
            ) : (
              <StarredDonut starred={stats.starred} notStarred={stats.notStarred} />
            )}
          </Panel>

          <Panel
            title={`Most Used Words (Last ${DASHBOARD_DAYS} Days)`}
            caption={`The top ${TOP_WORDS_COUNT} words of notes changed in the last ${DASHBOARD_DAYS} days.`}
          >
            {stats.topWords.length === 0 ? (
              <Empty>No words yet. The words you use most in notes written in the last {DASHBOARD_DAYS} days will appear here.</Empty>
            ) : (
              <WordCloudPanel words={stats.topWords} theme={theme} />
            )}
          </Panel>

          <Panel title="Notes per Notebook" caption="Each notebook counts the notes of its sub-notebooks too.">
            {organised.notebooks.length === 0 ? (
              <Empty>
                No notebooks yet. Make one with + beside Notebooks in the sidebar, and this chart shows how many notes each holds.
              </Empty>
            ) : (
              <OrganisationBars bars={organised.notebooks} label="Notes per notebook" />
            )}
          </Panel>

          <Panel title="Most Used Tags" caption={`The ${TOP_TAGS_COUNT} tags on the most notes.`}>
            {organised.tags.length === 0 ? (
              <Empty>No tagged notes yet. Tag a note under its title, and the tags you use most appear here.</Empty>
            ) : (
              <OrganisationBars bars={organised.tags} label="Most used tags" />
            )}
          </Panel>

          <Panel title="Follow-up Items" caption={stats.followUps.length ? 'Choose an item to open its note.' : undefined}>
            {stats.followUps.length === 0 ? (
              <Empty>No follow-up items yet. Text you mark with the follow-up highlight will be listed here with its note.</Empty>
            ) : (
              <FollowUpList items={stats.followUps} onOpenNote={onOpenNote} />
            )}
          </Panel>
        </div>
      </div>
    </section>
  );
}
