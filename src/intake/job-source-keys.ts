/**
 * A job file's keys that say where its sheet comes from: `source` and each scheme's settings, checked
 * with zod beside the rest of the job file (job-file.ts), and the rules of which keys go with which
 * scheme. Paths of secrets are resolved against the job file; a move on an sftp server or in a bucket
 * against the source's own folder or prefix.
 */
import { posix } from 'node:path';
import { z } from 'zod';
import { parseAfter, type AfterTaken } from './sources/after-taken.ts';
import { isNamePattern } from './sources/glob.ts';
import { isFingerprint } from './sources/host-key.ts';

const isHttps = (source: string) => /^https:\/\//i.test(source);
const isSftp = (source: string) => /^sftp:\/\//i.test(source);
const isS3 = (source: string) => /^s3:\/\//i.test(source);

function isSftpUrl(source: string): boolean {
  try {
    const url = new URL(source);
    return url.username !== '' && url.hostname !== '' && url.pathname.length > 1 && url.password === '';
  } catch {
    return false;
  }
}

export const SOURCE_KEYS = {
  source: z
    .string({ error: 'is required (a file path, or an https://, sftp:// or s3:// URL)' })
    .trim()
    .min(1, 'is empty')
    .refine(
      (s) => !/^[a-z0-9]+:\/\//i.test(s) || /^(https|sftp|s3):\/\//i.test(s),
      'a URL must use https://, sftp:// or s3://',
    )
    .refine(
      (s) => !/^s3:\/\//i.test(s) || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/./i.test(s),
      'an s3 source is s3://bucket/key or s3://bucket/prefix/',
    )
    .refine((s) => !/^sftp:\/\//i.test(s) || isSftpUrl(s), 'an sftp source is sftp://user@host[:port]/path'),
  headers_file: z.string().min(1, 'is empty').optional(),
  ca_file: z.string().min(1, 'is empty').optional(),
  private_key_file: z.string().min(1, 'is empty').optional(),
  password_file: z.string().min(1, 'is empty').optional(),
  host_key: z
    .string()
    .refine(isFingerprint, "must be the server key's fingerprint as ssh-keygen -lf prints it: SHA256:<43 characters>")
    .optional(),
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  region: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1')
    .optional(),
  credentials_file: z.string().min(1, 'is empty').optional(),
  pattern: z
    .string()
    .refine(isNamePattern, 'must be a file name pattern such as "prices-*.csv" (no folder part)')
    .optional(),
  after: z
    .string()
    .refine((a) => parseAfter(a, (d) => d) !== null, 'must be keep, delete or move <folder>')
    .optional(),
};

type SourceKeys = z.infer<z.ZodObject<typeof SOURCE_KEYS>>;

/** Which keys go with which source: each broken rule names its key (one issue per rule, in this order). */
const RULES: readonly { key: string; holds: (job: SourceKeys) => boolean; message: string }[] = [
  {
    key: 'pattern',
    holds: (job) => job.pattern === undefined || !isHttps(job.source),
    message: 'applies to a local, sftp:// or s3:// folder source only',
  },
  {
    key: 'private_key_file',
    holds: (job) => !isSftp(job.source) || (job.private_key_file === undefined) !== (job.password_file === undefined),
    message: 'an sftp source needs private_key_file: or password_file: (one of them)',
  },
  {
    key: 'endpoint',
    holds: (job) =>
      isS3(job.source) ||
      (job.endpoint === undefined && job.region === undefined && job.credentials_file === undefined),
    message: 'endpoint, region and credentials_file apply to an s3:// source only',
  },
  {
    key: 'host_key',
    holds: (job) =>
      isSftp(job.source) ||
      (job.private_key_file === undefined && job.password_file === undefined && job.host_key === undefined),
    message: 'private_key_file, password_file and host_key apply to an sftp:// source only',
  },
  {
    key: 'after',
    holds: (job) => job.after === undefined || job.pattern !== undefined,
    message: 'applies with pattern: only (what becomes of the file a pattern took)',
  },
  {
    key: 'headers_file',
    holds: (job) => job.headers_file === undefined || isHttps(job.source),
    message: 'applies to an https:// source only',
  },
  {
    key: 'ca_file',
    holds: (job) => job.ca_file === undefined || isHttps(job.source),
    message: 'applies to an https:// source only',
  },
];

export function checkSourceKeys(job: SourceKeys, ctx: z.RefinementCtx): void {
  for (const rule of RULES) {
    if (!rule.holds(job)) ctx.addIssue({ code: 'custom', path: [rule.key], message: rule.message });
  }
}

export interface SourceSettings {
  /** An absolute path, or a URL (https, sftp, s3). */
  source: string;
  /** Absolute path of the file of headers an https download sends (a secret: never logged). */
  headersFile?: string | undefined;
  /** Absolute path of a PEM CA an https download trusts besides the system's. */
  caFile?: string | undefined;
  /** sftp: absolute path of the private key file, or of a file holding the password. */
  privateKeyFile?: string | undefined;
  passwordFile?: string | undefined;
  /** sftp: the pinned fingerprint of the server's host key (`SHA256:...`). */
  hostKey?: string | undefined;
  /** s3: the S3-compatible endpoint (absent: AWS), the region, and a credentials file (absent: the environment). */
  endpoint?: string | undefined;
  region?: string | undefined;
  credentialsFile?: string | undefined;
  /** With a folder source: the file name glob whose newest new match is taken. */
  pattern?: string | undefined;
  /** What becomes of a taken folder file once its batch is reported. @defaultValue keep */
  after?: AfterTaken | undefined;
}

export function sourceSettings(job: SourceKeys, local: (path: string) => string): SourceSettings {
  const remote =
    isSftp(job.source) || isS3(job.source)
      ? (path: string) => posix.resolve(decodeURIComponent(new URL(job.source).pathname), path)
      : null;
  return {
    source: /^(https|sftp|s3):\/\//i.test(job.source) ? job.source : local(job.source),
    headersFile: job.headers_file === undefined ? undefined : local(job.headers_file),
    caFile: job.ca_file === undefined ? undefined : local(job.ca_file),
    privateKeyFile: job.private_key_file === undefined ? undefined : local(job.private_key_file),
    passwordFile: job.password_file === undefined ? undefined : local(job.password_file),
    hostKey: job.host_key?.trim(),
    endpoint: job.endpoint,
    region: job.region,
    credentialsFile: job.credentials_file === undefined ? undefined : local(job.credentials_file),
    pattern: job.pattern,
    after: job.after === undefined ? undefined : (parseAfter(job.after, remote ?? local) ?? undefined),
  };
}
