/**
 * pino logger with secrets redacted. Redaction is a second line of defence: the store client
 * already drops the third-party secrets from the authorization response and never logs tokens.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

/** Keys whose values never appear in a log line, at any depth we log. */
export const SECRET_KEYS = [
  'password',
  'storePassword',
  'access_token',
  'accessToken',
  'token',
  'authorization',
  'Authorization-Jwt',
  'authorization-jwt',
  'courier_auth_key',
  'courier_secret_key',
  'payment_provider_api_key',
  // The notifications' webhook secret and the mail server's URL (it may hold the SMTP login).
  'notifyWebhookSecret',
  'smtpUrl',
  // A store's own console login (the stores file's console_token_file).
  'consoleToken',
] as const;

const redactPaths = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`, `*.*.*${dot}${k}`];
});

export interface LoggerOptions {
  level?: LevelWithSilent;
  destination?: DestinationStream;
}

export type LogFormat = 'pretty' | 'json';

/**
 * How log lines look: coloured lines for a person at a terminal, JSON for log collectors (no
 * terminal: a service, a pipe, a cron job). LOG_FORMAT, when given, decides.
 */
export function logFormat(stream: { isTTY?: boolean }, asked: LogFormat | undefined): LogFormat {
  return asked ?? (stream.isTTY === true ? 'pretty' : 'json');
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { app: 'catalog-sync' },
      redact: { paths: redactPaths, censor: '[redacted]' },
    },
    options.destination ?? pino.destination(2),
  );
}

/** A logger that writes nothing, for library callers that pass none. */
export const silentLogger: Logger = pino({ level: 'silent' });
