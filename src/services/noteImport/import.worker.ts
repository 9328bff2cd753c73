/// <reference lib="webworker" />
import { planImport } from '../../importers';
import { toJpegBytes } from '../imageConversion';
import { transferables } from './prepareNote';
import { BYTES_PER_MESSAGE, STEPS_PER_MESSAGE, type FromWorker, type ToWorker } from './readerProtocol';
import { createReaderHost } from './readerHost';

/**
 * The import's worker (docs/architecture.md "Import pipeline"): the readers plan and read the chosen
 * files here, images are converted here, and each note goes to the page with its image bytes
 * transferred, a few per `next` the page sends.
 */
declare const self: DedicatedWorkerGlobalScope;

const host = createReaderHost(planImport, toJpegBytes);
const answer = (message: FromWorker, transfer: Transferable[] = []) => self.postMessage(message, transfer);
const failed = (error: unknown) => answer({ type: 'error', message: error instanceof Error ? error.message : String(error) });

self.onmessage = ({ data }: MessageEvent<ToWorker>) => {
  if (data.type === 'plan') {
    host.plan(data.files, data.limits).then((plan) => answer({ type: 'planned', plan }), failed);
  } else if (data.type === 'next') {
    host.nextSteps(STEPS_PER_MESSAGE, BYTES_PER_MESSAGE).then((steps) => {
      answer(
        { type: 'steps', steps },
        steps.flatMap((step) => (step.kind === 'item' && step.item.kind === 'note' ? transferables(step.item.note) : [])),
      );
    }, failed);
  } else {
    host.cancel();
  }
};
