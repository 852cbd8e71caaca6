/**
 * One SFTP session for a job, through ssh2-sftp-client (ssh2 underneath: the maintained pure-JS
 * SSH client). The server's host key must match the job's pinned fingerprint before any
 * credential is sent; what the server showed is kept to name it when it does not.
 */
import { readFile } from 'node:fs/promises';
import SftpClient from 'ssh2-sftp-client';
import type { JobDefinition } from '../job-file.ts';
import { fingerprint, samePrint } from './host-key.ts';

export type SftpJob = Pick<JobDefinition, 'name' | 'source' | 'privateKeyFile' | 'passwordFile' | 'hostKey'>;

export interface SftpSession {
  client: SftpClient;
  /** The fingerprint the server showed; null when it never got that far. */
  shown(): string | null;
}

/** The source's parts: user, host, port and the decoded path on the server. */
export function sftpTarget(source: string): { username: string; host: string; port: number; path: string } {
  const url = new URL(source);
  return {
    username: decodeURIComponent(url.username),
    host: url.hostname,
    port: url.port === '' ? 22 : Number(url.port),
    path: decodeURIComponent(url.pathname),
  };
}

/** Connects, or throws with the session's shown() still readable through `onShown`. */
export async function openSftp(job: SftpJob, onShown: (print: string) => void): Promise<SftpClient> {
  const target = sftpTarget(job.source);
  const secret =
    job.privateKeyFile !== undefined
      ? { privateKey: await readFile(job.privateKeyFile) }
      : { password: (await readFile(job.passwordFile ?? '', 'utf8')).replace(/\r?\n$/, '') };
  // Its default listeners print to stdout (a --json reader would choke); an error between calls
  // reaches the next call's promise anyway.
  const quiet = () => undefined;
  const client = new SftpClient(`catalog-sync:${job.name}`, { error: quiet, end: quiet, close: quiet });
  await client.connect({
    host: target.host,
    port: target.port,
    username: target.username,
    ...secret,
    readyTimeout: 20_000,
    hostVerifier: (key: Buffer) => {
      const shown = fingerprint(key);
      onShown(shown);
      return job.hostKey !== undefined && samePrint(shown, job.hostKey);
    },
  });
  return client;
}
