/** What one delivery attempt came to, whatever the channel. */
export interface AttemptResult {
  ok: boolean;
  /** For the log and the console: `HTTP 204`, `HTTP 500`, `ETIMEDOUT: ...`, `250 OK`. Never a secret. */
  detail: string;
}

/**
 * An error's message without `secrets` (a URL with its login, a webhook address with a token in
 * its query): a library's message may quote what it was given.
 */
export function scrubbed(error: unknown, secrets: readonly string[]): string {
  const e = error as { code?: unknown; message?: unknown };
  let text = typeof e?.message === 'string' ? e.message : String(error);
  for (const secret of secrets) if (secret !== '') text = text.replaceAll(secret, '[redacted]');
  const code = typeof e?.code === 'string' ? e.code : null;
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}
