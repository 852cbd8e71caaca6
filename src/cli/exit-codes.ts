/**
 * Which failure is which exit code, in one place (README "Exit codes"). A command ends 0 or 1 on
 * its own (process.exitCode, or ExitError with EXIT.problems); every error thrown out of a command
 * is looked up here by its class: the `FAILURES` table below, then commander's usage errors, a
 * command's own ExitError, and anything else, which is a bug.
 */
import { CommanderError } from 'commander';
import { said, textOf, type Lang } from '../messages/index.ts';
import type { StoreError } from '../store/errors.ts';
import { ExitError, type StoreSetup } from './context.ts';

export const EXIT = {
  /** Every row ended well; the command did what was asked. */
  ok: 0,
  /**
   * Some row ended `invalid`, `failed` or `unknown`, the file changed on disk while it was read,
   * or what was asked about is not there (a batch, a ledger key).
   */
  problems: 1,
  /**
   * The run could not start, and sent nothing: a wrong flag, the configuration, an unreadable or
   * damaged file, the store refused the login or could not be reached, no worker serves the
   * queue, another store's batch, a job file or drop folder that cannot be used, a sheet the
   * guard holds (`import` without --confirm).
   */
  notStarted: 2,
  /** A bug: an error nothing here expected (stderr shows its stack). */
  bug: 70,
} as const;

/** What `--json` reports as `kind`. */
export type FailureKind = 'usage' | 'configuration' | 'sheet' | 'store' | 'command' | 'unexpected';

export interface Failure {
  exitCode: number;
  kind: FailureKind;
  /** A stable code, when the error has one (a sheet's or the store's). */
  code?: string;
  /** One line for the user (and the --json error). */
  message: string;
  /** What stderr shows instead of message, when more (a bug's stack). */
  detail?: string;
  /** stderr has the message already (commander prints its own). */
  told?: boolean;
}

/** One row of the table: an error class, the kind of failure it is, and how it is told. */
interface FailureRule<E extends Error = Error> {
  type: abstract new (...args: never[]) => E;
  kind: FailureKind;
  exitCode?: number;
  code?: (error: E) => string | undefined;
  message?: (error: E, store: StoreSetup | null) => string;
  /** What stderr shows in a language other than English (--lang, LANG); `message` stays English for --json. */
  inLang?: (error: E, lang: Lang) => string;
}

const rule = <E extends Error>(row: FailureRule<E>): FailureRule => row as unknown as FailureRule;

/**
 * The table. Its error classes are loaded when a command failed, not at start (errors.ts: `--help`
 * needs none of their modules; a command that threw one has it loaded already).
 */
async function failureRules(): Promise<FailureRule[]> {
  const errors = await import('./errors.ts');
  return [
    rule({ type: errors.ConfigError, kind: 'configuration', message: (e) => `configuration error: ${e.message}` }),
    rule({
      type: errors.SheetFileError,
      kind: 'sheet',
      code: (e) => e.code,
      message: (e) => `cannot read sheet: ${e.message}`,
      inLang: (e, lang) => textOf(said('file.cannot_read', { text: e.textIn(lang) }), lang),
    }),
    rule({ type: errors.StoreError, kind: 'store', code: (e) => e.code, message: storeMessage }),
    rule({ type: errors.NoWorkerError, kind: 'command', code: () => 'no_worker' }),
    rule({ type: errors.JobFileError, kind: 'command' }),
    rule({ type: errors.JobHeldError, kind: 'command', code: (e) => e.code }),
    rule({ type: errors.RerunError, kind: 'command' }),
    rule({ type: errors.DropFolderError, kind: 'command' }),
    rule({ type: errors.OtherStoreError, kind: 'command' }),
    rule({ type: errors.ReconcileError, kind: 'command' }),
    rule({ type: errors.LedgerBusyError, kind: 'command' }),
  ];
}

/**
 * The exit code and words for a command that threw; null when it only ended (--help, --version).
 * `storeSetup` is asked only for a store's failure, to name the settings to check.
 */
export async function failureOf(
  error: unknown,
  storeSetup: () => Promise<StoreSetup | null> = () => Promise.resolve(null),
  lang: Lang = 'en',
): Promise<Failure | null> {
  if (error instanceof CommanderError) {
    // Commander has printed its own message on stderr already.
    if (error.exitCode === 0) return null;
    return { exitCode: EXIT.notStarted, kind: 'usage', code: error.code, message: error.message, told: true };
  }
  if (error instanceof ExitError) return { exitCode: error.exitCode, kind: 'command', message: error.message };
  if (error instanceof Error) {
    const found = (await failureRules()).find((row) => error instanceof row.type);
    if (found) {
      const code = found.code?.(error);
      const store = found.kind === 'store' ? await storeSetup().catch(() => null) : null;
      const shown = lang === 'en' ? undefined : found.inLang?.(error, lang);
      return {
        ...(shown === undefined ? {} : { detail: shown }),
        exitCode: found.exitCode ?? EXIT.notStarted,
        kind: found.kind,
        ...(code ? { code } : {}),
        message: found.message ? found.message(error, store) : error.message,
      };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    exitCode: EXIT.bug,
    kind: 'unexpected',
    message: `unexpected error: ${message}`,
    ...(stack ? { detail: `unexpected error: ${stack}` } : {}),
  };
}

/** Codes of a store that did not answer (a timeout, a reset, 5xx, an answer that is no store's). */
const UNANSWERED: ReadonlySet<string> = new Set(['AMBIGUOUS', 'SERVER_ERROR', 'BAD_RESPONSE']);

/** A store's refusal or absence, with the settings to check when the store could not be reached or refused the login. */
function storeMessage(error: StoreError, store: StoreSetup | null): string {
  const status = error.httpStatus ? ` (HTTP ${error.httpStatus})` : '';
  const told = `store error ${error.code}${status}: ${error.message}`;
  if (!store) return told;
  if (error.code === 'INVALID_CREDENTIALS')
    return `${told}. The store at ${store.url} refused the login of ${store.account}: check ${store.loginSettings}`;
  if (error.code === 'LOGIN_FAILED')
    return `${told}. The store at ${store.url} did not log ${store.account} in: check that the store is up and answering, then run again`;
  if (UNANSWERED.has(error.code))
    return `${told}. The store at ${store.url} did not answer as the store API does: check that ${store.urlSetting} is its API address and that the store is up and answering (REQUEST_TIMEOUT_MS: how long an answer may take)`;
  if (error.code === 'NOT_SENT')
    return `${told}. The store at ${store.url} could not be reached: check ${store.urlSetting}, and that the store is up and reachable from here`;
  return told;
}
