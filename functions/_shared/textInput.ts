/** The `text` field that summarize and find-resources share (docs/product.md "Calls"). */
import { HttpError } from './httpError.ts';
import { requireObject } from './requestBody.ts';

/**
 * The non-empty string `text` of a request body.
 * @throws HttpError 400 when the body is not an object, or text is missing, not a string or blank.
 */
export function requireText(body: unknown, purpose: string): { text: string; fields: Record<string, unknown> } {
  const fields = requireObject(body);
  const text = fields.text;
  if (text === undefined || text === null) throw new HttpError(400, 'Missing "text": send {"text": "<the note\'s text>"}');
  if (typeof text !== 'string') throw new HttpError(400, `"text" must be a string, not ${Array.isArray(text) ? 'an array' : typeof text}`);
  if (!text.trim()) throw new HttpError(400, `"text" is empty: there is nothing to ${purpose}`);
  return { text, fields };
}
