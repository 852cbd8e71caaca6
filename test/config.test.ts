import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig, requireStore } from '../src/config.ts';
import { failureOf } from '../src/cli/exit-codes.ts';
import { thrownBy } from './helpers/thrown.ts';
import { useTempDir } from './helpers/use-world.ts';

const tmp = useTempDir('config', { once: true });

describe('resolveConfig', () => {
  it('applies defaults, then environment, then flags', () => {
    const config = resolveConfig({ STORE_URL: 'https://shop.example/', RATE: '10' }, { rate: '7' });
    expect(config.storeUrl).toBe('https://shop.example');
    expect(config.rate).toBe(7);
    expect(config.concurrency).toBe(4);
    expect(config.reportDir).toBe('./reports');
    expect(config.keepAliveMs).toBe(4000);
    expect(resolveConfig({ STORE_KEEP_ALIVE_MS: '0' }).keepAliveMs).toBe(0);
    expect(config.workerLeaseMs).toBe(15_000);
    expect(resolveConfig({ WORKER_LEASE_MS: '6000' }).workerLeaseMs).toBe(6000);
    expect(resolveConfig({ CONSOLE_URL: 'https://Console.Example.com/' }).consoleUrl).toBe(
      'https://console.example.com',
    );
  });

  it.each([
    [{ STORE_URL: 'http://shop.example' }, 'STORE_URL', 'must use https'],
    [{ STORE_URL: 'not a url' }, 'STORE_URL', 'is not a URL'],
    [{ STORE_URL: 'https://u:p@shop.example' }, 'STORE_URL', 'must not contain credentials'],
    [{ RATE: 'fast' }, 'RATE', 'must be a number'],
    [{ RATE: '0' }, 'RATE', 'greater than 0'],
    [{ CONCURRENCY: '2.5' }, 'CONCURRENCY', 'whole number'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL', 'redis://'],
    [{ REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2' }, 'REDIS_CLUSTER_NODES', '"10.0.0.2" is not host:port'],
    [{ REDIS_CLUSTER_NODES: 'redis://10.0.0.1:7000' }, 'REDIS_CLUSTER_NODES', 'is not host:port'],
    [{ REDIS_CLUSTER_NODES: '10.0.0.1:70000' }, 'REDIS_CLUSTER_NODES', 'is not host:port'],
    [{ REDIS_CLUSTER_NODES: '10.0.0.1:7000,' }, 'REDIS_CLUSTER_NODES', '"" is not host:port'],
    [
      { REDIS_URL: 'redis://10.0.0.1:6379', REDIS_CLUSTER_NODES: '10.0.0.1:7000' },
      'REDIS_CLUSTER_NODES',
      'is set together with REDIS_URL: set one of them',
    ],
    [{ CATEGORIES_METHOD: 'PUT' }, 'CATEGORIES_METHOD', 'GET or POST'],
    [{ STORE_TOKEN_FORMAT: 'bearer' }, 'STORE_TOKEN_FORMAT', 'must be bare (Authorization-Jwt: <token>) or jwt'],
    [{ CONSOLE_URL: 'console.example.com' }, 'CONSOLE_URL', 'is not a URL'],
    [{ CONSOLE_URL: 'ftp://console.example.com' }, 'CONSOLE_URL', 'must be an https URL'],
    [{ CONSOLE_URL: 'https://example.com/catalog' }, 'CONSOLE_URL', 'without a path'],
    [{ STORE_KEEP_ALIVE_MS: 'soon' }, 'STORE_KEEP_ALIVE_MS', 'must be a number (milliseconds'],
    [{ STORE_KEEP_ALIVE_MS: '90000' }, 'STORE_KEEP_ALIVE_MS', "below the store's own idle timeout"],
    [{ WORKER_LEASE_MS: '500' }, 'WORKER_LEASE_MS', 'must be at least 1000'],
    [{ UNDO_BATCHES: '-1' }, 'UNDO_BATCHES', 'must be 0 (nothing kept: no undo) or more'],
    [{ HIDDEN_STATUS: 'off' }, 'HIDDEN_STATUS', 'the product_status that hides a product'],
  ])('names the setting in the error for %o', async (env, setting, text) => {
    const error = thrownBy(ConfigError, () => resolveConfig(env));
    expect(error.setting).toBe(setting);
    expect(error.message).toContain(text);
    expect(await failureOf(error)).toMatchObject({ exitCode: 2, kind: 'configuration' });
  });

  const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

  it.each([
    [
      { NOTIFY_WEBHOOK_URL: 'http://hooks.example/x', NOTIFY_WEBHOOK_SECRET: SECRET },
      'NOTIFY_WEBHOOK_URL',
      'must use https',
    ],
    [{ NOTIFY_WEBHOOK_URL: 'hooks.example/x', NOTIFY_WEBHOOK_SECRET: SECRET }, 'NOTIFY_WEBHOOK_URL', 'is not a URL'],
    [{ NOTIFY_WEBHOOK_URL: 'https://hooks.example/x' }, 'NOTIFY_WEBHOOK_SECRET', 'is not set'],
    [{ NOTIFY_WEBHOOK_SECRET: 'plain-secret' }, 'NOTIFY_WEBHOOK_SECRET', 'must be whsec_'],
    [{ NOTIFY_WEBHOOK_SECRET: 'whsec_c2hvcnQ=' }, 'NOTIFY_WEBHOOK_SECRET', '24 to 64 bytes'],
    [{ SMTP_URL: 'mail.example:587' }, 'SMTP_URL', 'must be smtp://'],
    [{ SMTP_URL: 'smtps://mail.example', NOTIFY_EMAIL_TO: 'ops@shop.example' }, 'NOTIFY_EMAIL_FROM', 'is not set'],
    [{ NOTIFY_EMAIL_TO: 'ops@shop.example' }, 'SMTP_URL', 'is not set'],
    [
      { SMTP_URL: 'smtps://m.example', NOTIFY_EMAIL_TO: 'ops@shop, x', NOTIFY_EMAIL_FROM: 'a@b.c' },
      'NOTIFY_EMAIL_TO',
      'e-mail addresses',
    ],
    [{ NOTIFY_LANG: 'fr' }, 'NOTIFY_LANG', 'must be en or ar'],
    [{ CONSOLE_URL: 'console.example' }, 'CONSOLE_URL', 'is not a URL'],
  ])('names the notification setting in the error for %o', (env, setting, text) => {
    const error = thrownBy(ConfigError, () => resolveConfig(env));
    expect(error.setting).toBe(setting);
    expect(error.message).toContain(text);
  });

  it('reads a Redis Cluster from REDIS_CLUSTER_NODES', () => {
    const config = resolveConfig({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-b.internal:7001,[::1]:7002 ' });
    expect(config.redisClusterNodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(config.redisUrl).toBeUndefined();
  });

  it('never quotes a secret setting in its error', () => {
    const error = thrownBy(ConfigError, () => resolveConfig({ SMTP_URL: 'smtp:/user:Pa55-in-url@mail.example' }));
    expect(error.message).not.toContain('Pa55-in-url');
  });

  it('reads the notification secrets from files', () => {
    writeFileSync(join(tmp.dir, 'secret'), `${SECRET}\n`);
    writeFileSync(join(tmp.dir, 'smtp'), 'smtps://u:p@mail.example\n');
    const config = resolveConfig({
      NOTIFY_WEBHOOK_URL: 'https://hooks.example/x',
      NOTIFY_WEBHOOK_SECRET_FILE: join(tmp.dir, 'secret'),
      SMTP_URL_FILE: join(tmp.dir, 'smtp'),
      NOTIFY_EMAIL_TO: 'ops@shop.example, Owner <owner@shop.example>',
      NOTIFY_EMAIL_FROM: 'Catalog <catalog@shop.example>',
      CONSOLE_URL: 'https://console.shop.example/',
    });
    expect(config).toMatchObject({
      notifyWebhookSecret: SECRET,
      smtpUrl: 'smtps://u:p@mail.example',
      consoleUrl: 'https://console.shop.example',
    });
    expect(thrownBy(ConfigError, () => resolveConfig({ SMTP_URL_FILE: join(tmp.dir, 'missing') })).setting).toBe(
      'SMTP_URL_FILE',
    );
  });

  it('allows plain http on loopback only', () => {
    expect(resolveConfig({ STORE_URL: 'http://127.0.0.1:8080' }).storeUrl).toBe('http://127.0.0.1:8080');
    expect(resolveConfig({ STORE_URL: 'http://localhost:8080/base/' }).storeUrl).toBe('http://localhost:8080/base');
  });

  it('requires the store settings only when a command needs them', () => {
    const config = resolveConfig({ STORE_URL: 'https://shop.example', STORE_EMAIL: 'a@b.c' });
    expect(thrownBy(ConfigError, () => requireStore(config)).setting).toBe('STORE_PASSWORD');
  });
});
