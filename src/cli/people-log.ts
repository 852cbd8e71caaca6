/**
 * The log as people read it (a terminal, or LOG_FORMAT=pretty): one readable line per entry, its
 * fields told in words after the message (outcome counts as `created 30, failed 2`, never the
 * eleven keys with their zeros), and an event that the command already tells people in a line of
 * its own shown once, by that line. Log collectors get every entry, every field, as JSON
 * (src/log.ts).
 */
import type { DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * Entries a command tells people itself, in a readable line on stdout or stderr: `worker started`
 * (cli/run/worker.ts prints its store, queue and rate), `drop file finished` (cli/run/watch.ts
 * watch prints the file's counts and status).
 */
const TOLD_BY_THE_COMMAND = new Set(['worker started', 'drop file finished']);

/** Fields every entry has, or that say nothing to a person. */
const UNSAID = new Set(['level', 'time', 'pid', 'hostname', 'app', 'store']);

export function peopleLog(stream: NodeJS.WritableStream & { isTTY?: boolean }): DestinationStream {
  const prettify = prettyFactory({
    colorize: stream.isTTY === true,
    singleLine: true,
    hideObject: true,
    ignore: 'pid,hostname,app',
    messageFormat: (log, messageKey) => readableLine(log, messageKey),
  });
  return {
    write(line: string) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (typeof entry.msg === 'string' && TOLD_BY_THE_COMMAND.has(entry.msg)) return;
      const text = prettify(entry);
      // Without the object pino-pretty ends the line itself only sometimes.
      stream.write(text.endsWith('\n') ? text : `${text}\n`);
    },
  };
}

/** `msg (field value, ...)`, the store first when a deployment serves several. */
export function readableLine(log: Record<string, unknown>, messageKey = 'msg'): string {
  const message = typeof log[messageKey] === 'string' ? log[messageKey] : '';
  const said = Object.entries(log)
    .filter(([key]) => key !== messageKey && !UNSAID.has(key))
    .flatMap(([key, value]) => told(key, value, message));
  const store = typeof log.store === 'string' && log.store !== 'default' ? `[${log.store}] ` : '';
  return `${store}${message}${said.length > 0 ? ` (${said.join(', ')})` : ''}`;
}

/** One field in words; nothing for an empty one or one whose value the message already says. */
function told(key: string, value: unknown, message: string): string[] {
  // A flag that is off (`resumed false`, `dryRun false`) says nothing.
  if (value === null || value === undefined || value === '' || value === false) return [];
  if (key === 'counts' && typeof value === 'object') {
    const outcomes = Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
    );
    return outcomes.map(([outcome, n]) => `${outcome} ${n}`);
  }
  if (key === 'err' && typeof value === 'object' && 'message' in value) return [`error: ${String(value.message)}`];
  if (Array.isArray(value)) return value.length === 0 ? [] : [`${key} ${value.map(String).join(' ')}`];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return [`${key} ${JSON.stringify(value)}`];
  const text = String(value);
  return inMessage(text, message) ? [] : [`${key} ${text}`];
}

/** Whether the message holds `text` as a word of its own (`19` in "19 of 30 rows", not in "190"). */
function inMessage(text: string, message: string): boolean {
  const wordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
  for (let at = message.indexOf(text); at >= 0; at = message.indexOf(text, at + 1))
    if (!wordChar(message[at - 1]) && !wordChar(message[at + text.length])) return true;
  return false;
}
