/**
 * A real OpenSSH server for SFTP tests: Debian's sshd on a free 127.0.0.1 port, with a host key
 * and an authorised client key of its own, started in the foreground and ready once it logs that
 * it listens. Its host key's fingerprint comes from ssh-keygen, not from the code under test.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BaseWorld } from '../helpers/base-world.ts';
import { freePort } from '../sync/helpers/processes.ts';
import { PASSWORD_USER, passwordEnv } from './sshd-password.ts';

const run = promisify(execFile);
/** Generous: a loaded machine starts sshd in well under a second. */
const READY_MS = 15_000;

export interface Sshd {
  port: number;
  user: string;
  /** `SHA256:...` as `ssh-keygen -lf` prints the host key's. */
  hostKeyPrint: string;
  /** The user that logs in with SshdOptions.password. */
  passwordUser: string;
  /** An authorised private key, and one the server does not know. */
  clientKey: string;
  strangerKey: string;
  close(): Promise<void>;
}

const keygen = (file: string) => run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', file]);

/**
 * Resolves once sshd logs that it listens; rejects when it cannot be started (no /usr/sbin/sshd:
 * spawn's 'error'), exits, or says nothing of the kind within READY_MS, so a missing or broken
 * server fails the test at once instead of leaving it waiting for ever.
 */
function listening(child: ChildProcess, port: number, readyMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let log = '';
    let settled = false;
    const settle = (why: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (why === null) return resolve();
      const said = log === '' ? '' : `: ${log.trim()}`;
      const error = new Error(`sshd for the SFTP tests ${why} (.ci/test-setup installs openssh-server)${said}`);
      // A server that started is gone before the test hears of it: nothing is left listening.
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return reject(error);
      child.once('exit', () => reject(error));
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => settle(`did not listen on port ${port} within ${readyMs} ms`), readyMs);
    child.once('error', (error) => settle(`could not be started: ${error.message}`));
    child.once('exit', (code, signal) => settle(`exited (${code ?? signal}) before listening`));
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(`Server listening on 127.0.0.1 port ${port}`)) settle(null);
    });
  });
}

export interface SshdOptions {
  /** The server to start (a test of this helper names one that is missing or never listens). */
  binary?: string;
  /** How long it may take to say it listens. */
  readyMs?: number;
  /** Also lets PASSWORD_USER in with this password (sshd-password.ts). */
  password?: string;
}

export async function startSshd(dir: string, options: SshdOptions = {}): Promise<Sshd> {
  // sshd refuses to start without its privilege separation folder (made by the package's service).
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
  const hostKey = join(dir, 'host_key');
  const clientKey = join(dir, 'client_key');
  const strangerKey = join(dir, 'stranger_key');
  await Promise.all([keygen(hostKey), keygen(clientKey), keygen(strangerKey)]);
  await writeFile(join(dir, 'authorized_keys'), await readFile(`${clientKey}.pub`));
  const { stdout } = await run('ssh-keygen', ['-lf', `${hostKey}.pub`]);
  const hostKeyPrint = stdout.split(' ')[1]!;
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      `PasswordAuthentication ${options.password === undefined ? 'no' : 'yes'}`,
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      // The password user has the test's uid, root's when the tests run as root.
      `PermitRootLogin ${options.password === undefined ? 'prohibit-password' : 'yes'}`,
      'Subsystem sftp internal-sftp',
      'LogLevel INFO',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(options.binary ?? '/usr/sbin/sshd', ['-D', '-e', '-f', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(options.password === undefined ? {} : { env: await passwordEnv(dir, options.password) }),
  });
  await listening(child, port, options.readyMs ?? READY_MS);
  return {
    port,
    user: userInfo().username,
    passwordUser: PASSWORD_USER,
    hostKeyPrint,
    clientKey,
    strangerKey,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An sshd whose keys and settings are in the world's folder (`ssh/`), stopped when the world closes. */
export async function startSshdIn(world: Pick<BaseWorld, 'dir' | 'onClose'>, options: SshdOptions = {}): Promise<Sshd> {
  const dir = join(world.dir, 'ssh');
  await mkdir(dir);
  const sshd = await startSshd(dir, options);
  world.onClose(() => sshd.close());
  return sshd;
}
