/**
 * `watch` on a drop folder it cannot write ends at start with one clear message and exit code 2
 * (a restart policy must not turn it into a crash loop of stack traces). The folder here lies
 * under a regular file: no user can write there, root included (tests may run as root, for whom
 * a chmod'ed folder is still writable, so a read-only mode would prove nothing).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli } from './cli.ts';
import { useTempDir } from '../helpers/use-world.ts';

const tmp = useTempDir('watch-folders', { once: true });

it('a drop folder it cannot write: a clear message naming the folder and exit 2 at start', async () => {
  await writeFile(join(tmp.dir, 'a-file'), 'not a folder');
  const drop = join(tmp.dir, 'a-file', 'drop');
  const env = { STORE_URL: 'https://shop.example', STORE_EMAIL: 'v@shop.example', STORE_PASSWORD: 'x' };
  const ran = await cli(['watch', '--dir', drop], env);
  expect(ran.code).toBe(2);
  expect(ran.stderr).toContain(`drop folder ${drop}: cannot write ${join(drop, 'inbox')} (ENOTDIR)`);
  expect(ran.stderr).toContain('chown');
  expect(ran.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(ran.stdout).not.toContain('watching');
});
