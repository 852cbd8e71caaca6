import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig, requireStore } from '../src/config.ts';

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveConfig', () => {
  it('applies defaults, then environment, then flags', () => {
    const config = resolveConfig({ STORE_URL: 'https://shop.example/', RATE: '10' }, { rate: '7' });
    expect(config.storeUrl).toBe('https://shop.example');
    expect(config.rate).toBe(7);
    expect(config.concurrency).toBe(4);
    expect(config.reportDir).toBe('./reports');
    expect(config.keepAliveMs).toBe(4000);
    expect(resolveConfig({ STORE_KEEP_ALIVE_MS: '0' }).keepAliveMs).toBe(0);
    expect(resolveConfig({ CONSOLE_PUBLIC_URL: 'https://Console.Example.com/' }).consolePublicUrl).toBe(
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
    [{ CATEGORIES_METHOD: 'PUT' }, 'CATEGORIES_METHOD', 'GET or POST'],
    [{ STORE_TOKEN_FORMAT: 'bearer' }, 'STORE_TOKEN_FORMAT', 'must be bare (Authorization-Jwt: <token>) or jwt'],
    [{ CONSOLE_PUBLIC_URL: 'console.example.com' }, 'CONSOLE_PUBLIC_URL', 'is not a URL'],
    [{ CONSOLE_PUBLIC_URL: 'ftp://console.example.com' }, 'CONSOLE_PUBLIC_URL', 'must be an https URL'],
    [{ CONSOLE_PUBLIC_URL: 'https://example.com/catalog' }, 'CONSOLE_PUBLIC_URL', 'without a path'],
    [{ STORE_KEEP_ALIVE_MS: 'soon' }, 'STORE_KEEP_ALIVE_MS', 'must be a number (milliseconds'],
    [{ STORE_KEEP_ALIVE_MS: '90000' }, 'STORE_KEEP_ALIVE_MS', "below the store's own idle timeout"],
  ])('names the setting in the error for %o', (env, setting, text) => {
    const error = errorOf(() => resolveConfig(env));
    expect(error.setting).toBe(setting);
    expect(error.message).toContain(text);
    expect(error.exitCode).toBe(2);
  });

  it('allows plain http on loopback only', () => {
    expect(resolveConfig({ STORE_URL: 'http://127.0.0.1:8080' }).storeUrl).toBe('http://127.0.0.1:8080');
    expect(resolveConfig({ STORE_URL: 'http://localhost:8080/base/' }).storeUrl).toBe('http://localhost:8080/base');
  });

  it('requires the store settings only when a command needs them', () => {
    const config = resolveConfig({ STORE_URL: 'https://shop.example', STORE_EMAIL: 'a@b.c' });
    expect(errorOf(() => requireStore(config)).setting).toBe('STORE_PASSWORD');
  });
});
