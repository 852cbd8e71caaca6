/**
 * Turns response bodies into typed values, or a StoreError BAD_RESPONSE naming the operation and
 * the field. Pure: no I/O. The authorization's third-party secrets are dropped here, so nothing
 * downstream ever holds them.
 */
import type { z } from 'zod';
import { StoreError, type StoreOperation } from './errors.ts';
import { vendorStoreFields } from './schemas.ts';
import type { VendorStore } from './types.ts';

/** Third-party credentials in user_info: never kept, never logged. */
export const VENDOR_SECRET_FIELDS = ['courier_auth_key', 'courier_secret_key', 'payment_provider_api_key'] as const;

export interface ParseContext {
  operation: StoreOperation;
  httpStatus: number;
  attempts: number;
}

/** Reads a response body as JSON; undefined when it is not JSON (classification still works). */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function badResponse(context: ParseContext, where: string, problem: string): StoreError {
  return new StoreError(
    'BAD_RESPONSE',
    `${context.operation}: unexpected response from the store (HTTP ${context.httpStatus}): ${where} ${problem}`,
    {
      operation: context.operation,
      httpStatus: context.httpStatus,
      attempts: context.attempts,
    },
  );
}

function fieldName(path: readonly PropertyKey[], prefix: string): string {
  const parts = [prefix, ...path.map(String)].filter((part) => part !== '');
  return parts.length === 0 ? 'the body' : `field "${parts.join('.')}"`;
}

/** Validates `body` with `schema`; the error names the first field that does not fit. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
  context: ParseContext,
  prefix = '',
): z.output<S> {
  if (body === undefined) throw badResponse(context, prefix ? `field "${prefix}"` : 'the body', 'is not JSON');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badResponse(context, fieldName(issue?.path ?? [], prefix), issue?.message ?? 'does not fit');
}

/** user_info -> VendorStore, with the secret fields removed before anything else sees it. */
export function parseVendorStore(userInfo: Record<string, unknown>, context: ParseContext): VendorStore {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(userInfo)) {
    if (!(VENDOR_SECRET_FIELDS as readonly string[]).includes(key)) raw[key] = value;
  }
  const fields = parseWith(vendorStoreFields, raw, context, 'user_info');
  return { ...fields, raw };
}
