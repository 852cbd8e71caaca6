import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { SECRET_MARKER, withSandbox } from '../../src/sandbox/index.ts';
import { StoreError } from '../../src/store/errors.ts';
import { useTempDir } from '../helpers/use-world.ts';
import { clientFor } from './helpers.ts';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

const tmp = useTempDir('store-log');

describe('store client logging', () => {
  it('never writes the password, a token or a third-party secret, even at trace level', async () => {
    const file = join(tmp.dir, 'log.ndjson');
    const destination = pino.destination({ dest: file, sync: true });
    const logger = createLogger({ level: 'trace', destination });
    const errors: StoreError[] = [];
    const keep = async (call: Promise<unknown>) => {
      try {
        await call;
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        errors.push(error);
        logger.error({ err: error }, 'store call failed');
      }
    };
    await withSandbox({ password: 'Pa55-word-that-must-not-leak' }, async (sandbox) => {
      const client = clientFor(sandbox, {}, { logger });
      const session = await client.authorize();
      logger.info({ session }, 'session'); // a careless caller logging the whole session
      const product = sandbox.seedProduct({ title: 'x' });
      await keep(client.createProduct({ title: 'new', barcode: '1' }));
      sandbox.inject({ kind: 'expireToken', path: '/v1/update_product' });
      await keep(client.updateProduct({ product_id: product.product_id, title: 'y' }));
      sandbox.inject({ kind: 'status500', path: '/v1/products_status' });
      await keep(client.setProductStatus({ product_id: product.product_id, product_status: 0 }));
      await keep(client.setProductStatus({ product_id: product.product_id, product_status: 0 }));
      sandbox.inject({ kind: 'resetAfterApply', path: '/v1/create_product' });
      await keep(client.createProduct({ title: 'reset' }));
      await keep(client.updateBrand({ brand_id: 1, brand_name: 'b', brand_name_ar: 'ب' }));
      await keep(client.listCategories());
      await keep(client.listTaxes());
      await keep(client.listVouchers());
      client.close();

      const wrong = clientFor({ ...sandbox, password: 'Wrong-pa55-that-must-not-leak' }, {}, { logger });
      await keep(wrong.authorize());
      wrong.close();
    });
    destination.flushSync();
    const text = await readFile(file, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    // The capture works: one debug line per request, with method, path, status and duration.
    const requestLines = lines.filter((line) => line.msg === 'store request');
    expect(requestLines.length).toBeGreaterThanOrEqual(12);
    expect(requestLines[0]).toMatchObject({ level: 20, method: 'POST', path: '/v1/authorization', status: 200 });
    expect(requestLines.every((line) => typeof line.ms === 'number')).toBe(true);
    expect(lines.some((line) => line.msg === 'store request failed')).toBe(true);
    expect(errors.map((e) => e.code).sort()).toEqual(['AMBIGUOUS', 'INVALID_CREDENTIALS', 'SAME_STATUS']);

    for (const secret of ['Pa55-word-that-must-not-leak', 'Wrong-pa55-that-must-not-leak', SECRET_MARKER]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(JWT);
    for (const error of errors) {
      expect(`${error.message} ${JSON.stringify(error)} ${String(error.cause)}`).not.toMatch(
        /must-not-leak|SANDBOX-SECRET|eyJ/,
      );
    }
  });
});
