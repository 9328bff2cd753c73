import type { Resource } from '../../machines/resources';
import { AiFailure, AiLoading, AiPanel } from './AiPanel';
import { AI_TEXT } from '../feedback';
import { safeResourceHref } from './safeUrl';

/** What the resources panel shows; `state` is the resources machine's state value. */
export interface ResourcesView {
  state: 'finding' | 'shown' | 'failed';
  resources: Resource[];
  offline: boolean;
}

/** One resource: title and URL as a link opening in a new tab, only for http(s) URLs. */
function ResourceItem({ resource }: { resource: Resource }) {
  const href = safeResourceHref(resource.url);
  const inner = (
    <>
      <span className="resource-title">{resource.title}</span>
      <span className="resource-url">{resource.url}</span>
    </>
  );
  return (
    <li className="resource">
      {href ? (
        <a className="resource-link" href={href} target="_blank" rel="noopener noreferrer">
          {inner}
        </a>
      ) : (
        <div className="resource-link unlinked" title="Not a web address, so not linked">
          {inner}
        </div>
      )}
      {resource.description && <p className="resource-description">{resource.description}</p>}
    </li>
  );
}

/**
 * The AI-Suggested Resources panel (docs/product.md "Side panels"): its description, then each
 * resource's title, url and description, or the empty text; Retry after a failure.
 */
export function ResourcesPanel({ view, onRetry, onClose }: { view: ResourcesView; onRetry: () => void; onClose: () => void }) {
  return (
    <AiPanel title={AI_TEXT.resourcesTitle} className="resources-panel" busy={view.state === 'finding'} onClose={onClose}>
      <p className="ai-panel-description">{AI_TEXT.resourcesDescription}</p>
      {view.state === 'finding' && <AiLoading label={AI_TEXT.finding} />}
      {view.state === 'failed' && <AiFailure message={AI_TEXT.resourcesFailed} offline={view.offline} onRetry={onRetry} />}
      {view.state === 'shown' &&
        (view.resources.length === 0 ? (
          <p className="ai-empty">{AI_TEXT.resourcesEmpty}</p>
        ) : (
          <ul className="resource-list">
            {view.resources.map((resource, i) => (
              <ResourceItem key={`${i}-${resource.url}`} resource={resource} />
            ))}
          </ul>
        ))}
    </AiPanel>
  );
}
