/**
 * A job's `credentials_file:` for S3: the AWS shared-credentials lines
 * (`aws_access_key_id = ...`, `aws_secret_access_key = ...`, optional `aws_session_token`), in any
 * or no `[section]`. Errors name the file and line, never a value. Without the file the SDK's usual
 * chain applies (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, ~/.aws/credentials, ...).
 */
import { JobFileError } from '../job-file.ts';
import { readSecretFile } from './secret-file.ts';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const KEYS: Readonly<Record<string, keyof S3Credentials>> = {
  aws_access_key_id: 'accessKeyId',
  aws_secret_access_key: 'secretAccessKey',
  aws_session_token: 'sessionToken',
};

/** Pure: the credentials in `text`, or a JobFileError naming `file`. */
export function parseS3Credentials(file: string, text: string): S3Credentials {
  const found: Partial<Record<keyof S3Credentials, string>> = {};
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === '' || t.startsWith('#') || t.startsWith(';') || /^\[.*\]$/.test(t)) return;
    const match = /^([a-z_]+)\s*=\s*(\S+)$/.exec(t);
    const key = match ? KEYS[match[1]!] : undefined;
    if (!match || key === undefined) {
      throw new JobFileError(
        file,
        `line ${i + 1}`,
        'must be aws_access_key_id, aws_secret_access_key or aws_session_token = <value>',
      );
    }
    found[key] = match[2]!;
  });
  if (found.accessKeyId === undefined || found.secretAccessKey === undefined) {
    throw new JobFileError(file, null, 'needs aws_access_key_id and aws_secret_access_key');
  }
  return {
    accessKeyId: found.accessKeyId,
    secretAccessKey: found.secretAccessKey,
    ...(found.sessionToken === undefined ? {} : { sessionToken: found.sessionToken }),
  };
}

export async function readS3Credentials(file: string): Promise<S3Credentials> {
  return parseS3Credentials(file, await readSecretFile(file, 'credentials file'));
}
