import type { SealedCheckpoint } from '../../catalog';
import { checkpointJson, openCheckpointGzip } from '../../src/services/sync/e2ee/seal';

/**
 * The notes state (JSON, not yet parsed) of a sealed checkpoint of a format this build reads, or null
 * for another format: what the app's sealing transport opens, for tests and fakes that read a host's
 * checkpoint. @throws SealError when it does not open or does not hold JSON.
 */
export async function openCheckpoint(key: CryptoKey, userId: string, checkpoint: SealedCheckpoint): Promise<unknown> {
  const opened = await openCheckpointGzip(key, userId, checkpoint);
  return opened === null ? null : checkpointJson(opened.gzip);
}
