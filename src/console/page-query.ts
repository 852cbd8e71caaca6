/** `offset` and `limit` of a paged API answer, checked: a bad one is a 400 naming it. */
import { UploadError } from './uploads.ts';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

export function pageQuery(query: { offset?: string | undefined; limit?: string | undefined }): {
  offset: number;
  limit: number;
} {
  return {
    offset: wholeNumber('offset', query.offset, 0, Number.MAX_SAFE_INTEGER),
    limit: wholeNumber('limit', query.limit, DEFAULT_LIMIT, MAX_LIMIT),
  };
}

function wholeNumber(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0 || value > max)
    throw new UploadError(400, `${name}: expected a whole number from 0 to ${max}, got "${text.slice(0, 20)}"`);
  return value;
}
