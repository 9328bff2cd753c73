/*
 * ENEX resources to attachments (docs/product.md "What each format keeps"): base64 decoded, named by
 * the MD5 of the decoded bytes (what `<en-media hash>` names), with the `<recognition>` document's
 * `objID` as a second name for exports whose hashes do not match their data.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { DomUtils, parseDocument } from 'htmlparser2';
import { fromBase64 } from '../../lib/base64';
import { formatBytes } from '../limits';
import { mimeOf } from '../mime';
import type { DroppedItem, ImportedAttachment, ImportLimits } from '../neutralNotes';
import type { RawResource } from './parse';

/** A decoded resource and the names `<en-media>` may call it by. */
export interface EnexResource {
  attachment: ImportedAttachment;
  hash: string;
  objId: string | null;
}

/** The `objID` of a `<recognition>` document's `<recoIndex>`, lower-case, or null. */
function recognitionId(recognition: string): string | null {
  if (!recognition.includes('objID')) return null;
  const document = parseDocument(recognition, { xmlMode: true });
  const index = DomUtils.findOne((element) => element.name === 'recoIndex', document.children, true);
  const id = index?.attribs.objID;
  return id ? id.toLowerCase() : null;
}

/** A name a person can read for a resource without one ("image 2 (PNG)"). */
function fallbackName(raw: RawResource, position: number): string {
  const kind = raw.mime.split('/')[1]?.toUpperCase() || 'file';
  return `${raw.mime.startsWith('image/') ? 'image' : 'attachment'} ${position} (${kind})`;
}

/**
 * Decodes the `position`-th (1-based) resource of a note. Returns the resource, or the dropped item that
 * says why it could not come along (too large, damaged base64).
 */
export function decodeResource(raw: RawResource, position: number, limits: ImportLimits): EnexResource | DroppedItem {
  const name = raw.fileName || fallbackName(raw, position);
  if (raw.tooLarge) return { item: name, reason: `larger than ${formatBytes(limits.maxAttachmentBytes)}` };
  let data: Uint8Array;
  try {
    data = fromBase64(raw.data);
  } catch {
    return { item: name, reason: 'damaged in the export (its data is not valid base64)' };
  }
  if (data.length === 0) return { item: name, reason: 'empty in the export' };
  if (data.length > limits.maxAttachmentBytes) return { item: name, reason: `larger than ${formatBytes(limits.maxAttachmentBytes)}` };
  const attachment: ImportedAttachment = { ref: `r${position}`, name, mime: mimeOf(name, data, raw.mime), data };
  return { attachment, hash: bytesToHex(md5(data)), objId: recognitionId(raw.recognition) };
}
