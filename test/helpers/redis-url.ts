/**
 * The Redis the tests share, each test under a key prefix of its own: TEST_REDIS_URL, else the one
 * .ci/test-setup starts on 127.0.0.1:6379. Another URL lets the suite run beside other work that
 * uses that Redis. (The crash and cluster tests start private redis-servers of their own.)
 */
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Host and port of REDIS_URL, for a test that opens a raw TCP connection to it. */
export function redisAddress(): { host: string; port: number } {
  const url = new URL(REDIS_URL);
  return { host: url.hostname, port: Number(url.port || 6379) };
}
