import { describe, expect, it } from 'vitest';
import { apiMessageOf, classifyHttp, classifyTransportError, parseRetryAfter } from '../../src/store/classify.ts';
import type { StoreOperation } from '../../src/store/errors.ts';
import { TransportTimeout } from '../../src/store/http.ts';

const NOW = Date.parse('2026-11-22T03:00:00Z');
const standard = (status: number, message: string) => ({ status, error: status, messages: { status: false, message } });

describe('classifyHttp', () => {
  it.each<[StoreOperation, number, unknown, string | undefined, string | undefined]>([
    // operation, status, body, Retry-After, expected code (undefined = success)
    ['create_product', 200, {}, undefined, undefined],
    ['update_product', 204, undefined, undefined, undefined],
    ['authorize', 400, standard(400, 'Invalid Access!'), undefined, 'INVALID_CREDENTIALS'],
    ['create_product', 400, standard(400, 'Invalid Access!'), undefined, 'REJECTED'],
    ['create_product', 400, standard(400, 'Access denied'), undefined, 'ACCESS_DENIED'],
    ['categories', 400, standard(400, 'access denied.'), undefined, 'ACCESS_DENIED'],
    ['authorize', 400, standard(400, 'Access denied'), undefined, 'ACCESS_DENIED'],
    ['products_status', 400, standard(400, 'Same product status'), undefined, 'SAME_STATUS'],
    ['update_product', 400, standard(400, 'Same product status'), undefined, 'REJECTED'],
    ['create_product', 400, standard(400, 'Product limit exceeded'), undefined, 'REJECTED'],
    ['update_product', 404, { message: 'Not found.' }, undefined, 'REJECTED'],
    ['taxes', 404, { message: 'Not found.' }, undefined, 'REJECTED'],
    ['brands', 422, 'not json', undefined, 'REJECTED'],
    ['create_product', 429, standard(429, 'Too many requests'), '2', 'RATE_LIMITED'],
    ['create_product', 500, undefined, undefined, 'SERVER_ERROR'],
    ['update_product', 502, undefined, undefined, 'SERVER_ERROR'],
    ['vouchers', 503, undefined, '1', 'SERVER_ERROR'],
    ['create_product', 302, undefined, undefined, 'BAD_RESPONSE'],
  ])('%s HTTP %i %j -> %s', (operation, status, body, retryAfter, expected) => {
    expect(classifyHttp(operation, status, body, retryAfter, NOW)?.code).toBe(expected);
  });

  it('keeps the store message and the Retry-After of a 429', () => {
    expect(classifyHttp('create_product', 429, standard(429, 'Too many requests'), '3', NOW)).toEqual({
      code: 'RATE_LIMITED',
      apiMessage: 'Too many requests',
      retryAfterMs: 3000,
    });
  });
});

describe('parseRetryAfter', () => {
  it.each<[string | string[] | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['0', 0],
    ['5', 5000],
    ['1.5', 1500],
    [['7', '9'], 7000],
    ['Sun, 22 Nov 2026 03:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 02:59:00 GMT', 0],
    ['soon', undefined],
  ])('%j -> %s ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('apiMessageOf', () => {
  it.each<[unknown, string | undefined]>([
    [standard(400, 'Access denied'), 'Access denied'],
    [{ message: 'Not found.' }, 'Not found.'],
    [{ messages: 'flat' }, 'flat'],
    [{}, undefined],
    [null, undefined],
    ['text', undefined],
  ])('%j -> %s', (body, expected) => {
    expect(apiMessageOf(body)).toBe(expected);
  });
});

function errnoError(code: string, syscall?: string, message = code): Error {
  return Object.assign(new Error(message), { code, syscall });
}

describe('classifyTransportError', () => {
  it.each<[string, unknown, string]>([
    ['connection refused', errnoError('ECONNREFUSED', 'connect'), 'NOT_SENT'],
    [
      'refused on every address (happy eyeballs)',
      Object.assign(new AggregateError([errnoError('ECONNREFUSED', 'connect')]), { code: 'ECONNREFUSED' }),
      'NOT_SENT',
    ],
    ['DNS not found', errnoError('ENOTFOUND', 'getaddrinfo'), 'NOT_SENT'],
    ['DNS try again', errnoError('EAI_AGAIN', 'getaddrinfo'), 'NOT_SENT'],
    ['unreachable host', errnoError('EHOSTUNREACH', 'connect'), 'NOT_SENT'],
    ['connect-phase OS timeout', errnoError('ETIMEDOUT', 'connect'), 'NOT_SENT'],
    ['connect timeout', new TransportTimeout('connect'), 'NOT_SENT'],
    ['TLS timeout', new TransportTimeout('secureConnect'), 'NOT_SENT'],
    ['whole-exchange timeout', new TransportTimeout('request'), 'AMBIGUOUS'],
    ['connection reset', errnoError('ECONNRESET', 'read'), 'AMBIGUOUS'],
    ['socket hang up', errnoError('ECONNRESET', undefined, 'socket hang up'), 'AMBIGUOUS'],
    ['broken pipe', errnoError('EPIPE', 'write'), 'AMBIGUOUS'],
    ['OS timeout mid-read', errnoError('ETIMEDOUT', 'read'), 'AMBIGUOUS'],
    ['unknown error', new Error('something odd'), 'AMBIGUOUS'],
    ['not an error', 'string thrown', 'AMBIGUOUS'],
  ])('%s -> %s', (_label, error, expected) => {
    expect(classifyTransportError(error)).toBe(expected);
  });
});
