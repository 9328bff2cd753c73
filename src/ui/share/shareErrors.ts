import { MAX_SHARES_PER_ACCOUNT } from '../../../catalog';
import { SyncError } from '../../services/sync/transport';
import { ShareLinkError } from '../../services/share/shareLinks';

/** What the share dialog says when making, changing or stopping a link failed (docs/product.md "Share a note"). */
export function explainShareError(error: unknown): string {
  if (error instanceof ShareLinkError)
    return error.reason === 'no-note'
      ? 'This note is not there any more.'
      : 'The shared copy could not be read again to change its password: stop sharing and make a new link.';
  if (error instanceof SyncError) {
    if (error.failure === 'offline') return 'No connection to the sync server: try again when you are online.';
    if (error.failure === 'signed-out') return 'Your sign-in expired: sign in again to share.';
    if (error.status === 409)
      return `You already share ${MAX_SHARES_PER_ACCOUNT} notes, as many as an account can: stop sharing one first.`;
    if (error.status === 413) return 'This note is too large to share: its copy, images included, may be at most 8 MiB.';
    if (error.status === 410) return 'This link has expired: stop sharing and make a new link.';
  }
  console.error('NotePad: sharing failed', error);
  return 'The sync server had a problem. Try again in a moment.';
}
