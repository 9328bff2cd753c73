import { ImportDropTarget } from './ImportDropTarget';
import { ImportProgress } from './ImportProgress';
import { ImportSummaryHost } from './ImportSummaryHost';
import { TagLinesOffer } from './TagLinesOffer';
import './import.css';

/**
 * What the import shows over the app (docs/product.md "Import notes"): the drop target, the progress
 * bar, the summary dialog and the offer to turn earlier imports' "Tags:" lines into tags. A chunk of its own, mounted once notes may be changed: none of it is
 * needed for the first screen.
 */
export default function ImportLayer() {
  return (
    <>
      <ImportDropTarget />
      <ImportProgress />
      <ImportSummaryHost />
      <TagLinesOffer />
    </>
  );
}
