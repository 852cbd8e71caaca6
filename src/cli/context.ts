/**
 * What every command gets: its resolved configuration (global flags over environment over
 * defaults), a logger, the app built on them (src/app.ts: every piece a command uses), and the
 * streams it writes to. Commands never read process.env themselves. All of it is loaded when a
 * command first asks for it, so `--help` loads none of it.
 */
import type { Command } from 'commander';
import { cliLang } from '../messages/lang.ts';
import type { Lang } from '../messages/types.ts';
import type { App, AppOptions } from '../app.ts';
import type { Config, ConfigOverrides } from '../config.ts';
import type { Deployment } from '../deployment.ts';
import type { FlaggedSettings, StoreChoice } from '../store-choice.ts';
import type { StoresFile } from '../stores-file.ts';
import type { Logger } from '../log.ts';

/** The configuration's modules (settings.ts), loaded when a command first asks for it. */
const settings = () => import('./settings.ts');
/** pino, loaded only by a command that logs (`validate` never does). */
const logging = () => import('../log.ts');
/** The app and the deployment (store-app.ts), loaded when a command first needs the store. */
const storeApp = () => import('./store-app.ts');

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** A `.env` file to read into the environment before the configuration (the entry gives ./.env). */
  envFile?: string;
  /** Where a question is answered; without one (or off a terminal) nothing is asked. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /**
   * Ends the process now (the entry gives process.exit): for a service whose stop outlived its
   * bound, with connections left waiting for a Redis that does not answer.
   */
  exit?: (code: number) => void;
}

export interface GlobalFlags {
  store?: string;
  storesFile?: string;
  storeUrl?: string;
  storeEmail?: string;
  passwordFile?: string;
  redisUrl?: string;
  rate?: string;
  concurrency?: string;
  reportDir?: string;
  logLevel?: string;
  queuePrefix?: string;
  lang?: string;
}

export interface AppUse {
  config?: Config;
  extra?: ConfigOverrides;
  options?: AppOptions;
  /** A long-running service (`worker`, `watch`): its info lines are shown on a terminal too. */
  service?: boolean;
}

/**
 * Where the configured store's settings come from, for a message that says what to check
 * (exit-codes.ts); never the password itself.
 */
export interface StoreSetup {
  url: string;
  account: string;
  /** The setting that gives the URL: `STORE_URL`, or the stores file's entry. */
  urlSetting: string;
  /** The settings that give the login: `STORE_EMAIL and STORE_PASSWORD`, ... */
  loginSettings: string;
}

export class CliContext {
  constructor(
    readonly program: Command,
    readonly io: CliIO,
  ) {}

  /**
   * Resolved on demand, so `--help` works without any configuration. Throws ConfigError. With a
   * stores file, the store picked with --store (or, with none picked, the stores on offer: see
   * stores()).
   */
  async config(extra: ConfigOverrides = {}): Promise<Config> {
    return (await this.storeChoice(extra)).config;
  }

  /** The stores file in use (null without one), read when the configuration was. */
  async stores(): Promise<StoresFile | null> {
    return (await this.storeChoice()).file;
  }

  private async storeChoice(
    extra: ConfigOverrides = {},
  ): Promise<StoreChoice & { env: Record<string, string | undefined>; flagged: FlaggedSettings }> {
    const { resolveConfig, applyStoresFile } = await settings();
    await this.env();
    const flags = this.program.opts<GlobalFlags>();
    const env = { ...this.io.env };
    if (flags.passwordFile) {
      env.STORE_PASSWORD_FILE = flags.passwordFile;
      delete env.STORE_PASSWORD;
    }
    const base = resolveConfig(env, {
      storeId: flags.store,
      storesFile: flags.storesFile,
      storeUrl: flags.storeUrl,
      storeEmail: flags.storeEmail,
      redisUrl: flags.redisUrl,
      rate: flags.rate,
      concurrency: flags.concurrency,
      reportDir: flags.reportDir,
      logLevel: flags.logLevel,
      queuePrefix: flags.queuePrefix,
      ...extra,
    });
    const flagged = new Set<'rate' | 'concurrency'>();
    if (flags.rate !== undefined || extra.rate !== undefined) flagged.add('rate');
    if (flags.concurrency !== undefined || extra.concurrency !== undefined) flagged.add('concurrency');
    return { ...applyStoresFile(base, env, flagged), env, flagged };
  }

  private envFileRead = false;

  /**
   * The environment with `.env` read into it: a setting a command reads beside the configuration
   * (CONSOLE_TOKEN, CONSOLE_UPLOAD_LIMIT, METRICS_PORT) is read from here, never from `io.env`
   * before the file was, or the file's value goes unseen. Throws ConfigError for a bad file.
   */
  async env(): Promise<Readonly<Record<string, string | undefined>>> {
    if (this.io.envFile && !this.envFileRead) {
      const { loadEnvFile } = await settings();
      loadEnvFile(this.io.envFile);
      this.envFileRead = true;
    }
    return this.io.env;
  }

  /** The language of row messages: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG); English by default. */
  lang(): Lang {
    return cliLang(this.program.opts<GlobalFlags>().lang, this.io.env);
  }

  /**
   * Log lines go to stderr: readable lines on a terminal (people-log.ts), JSON otherwise
   * (LOG_FORMAT decides when given). On a terminal, unless a level was asked for, a one-off
   * command shows only warnings and errors (the person has the progress bar and the summary);
   * a service (`worker`, `watch`) shows its info lines, its batches' starts, progress and ends.
   */
  async logger(config: Config, service = false): Promise<Logger> {
    const { createLogger, logFormat } = await logging();
    const asked = this.program.opts<GlobalFlags>().logLevel ?? this.io.env.LOG_LEVEL;
    const level = !asked && !service && this.io.stderr.isTTY ? 'warn' : config.logLevel;
    if (logFormat(this.io.stderr, config.logFormat) === 'json') return createLogger({ level });
    const { peopleLog } = await import('./people-log.ts');
    return createLogger({ level, destination: peopleLog(this.io.stderr) });
  }

  /**
   * The app on this command's configuration: runs `fn` with it and closes it after. `config`:
   * the configuration when the command resolved it already, else it is resolved with `extra`.
   */
  async withApp<T>(fn: (app: App) => Promise<T>, using: AppUse = {}): Promise<T> {
    const { createApp } = await storeApp();
    const config = using.config ?? (await this.config(using.extra));
    const app = createApp(config, await this.logger(config, using.service), using.options);
    try {
      return await fn(app);
    } finally {
      await app.close();
    }
  }

  /**
   * The stores a service serves (`worker`, `watch`): every store of the stores file, followed while
   * it runs, or the one store picked (--store) or configured. Runs `fn` with the deployment and
   * closes it after (every store's service stopped first).
   */
  async withDeployment<T>(
    fn: (deployment: Deployment, config: Config, logger: Logger) => Promise<T>,
    using: Omit<AppUse, 'config'> = {},
  ): Promise<T> {
    const { Deployment } = await storeApp();
    const choice = await this.storeChoice(using.extra);
    const logger = await this.logger(choice.config, using.service);
    const deployment = new Deployment({
      config: choice.config,
      storesFile: choice.config.storesOnOffer ? choice.config.storesOnOffer.file : null,
      env: choice.env,
      flagged: choice.flagged,
      logger,
      ...(using.options ? { appOptions: using.options } : {}),
    });
    try {
      return await fn(deployment, choice.config, logger);
    } finally {
      await deployment.close();
    }
  }

  /**
   * Where the configured store's URL and login come from, for a message naming what to check
   * (exit-codes.ts); null when no store is configured. Never the password.
   */
  async storeSetup(): Promise<StoreSetup | null> {
    const { config } = await this.storeChoice();
    if (!config.storeUrl || !config.storeEmail) return null;
    const where = { url: config.storeUrl, account: config.storeEmail };
    const { DEFAULT_STORE_ID } = await settings();
    if (config.storeId !== undefined && config.storeId !== DEFAULT_STORE_ID) {
      const entry = `the entry of store ${config.storeId} in the stores file`;
      return {
        ...where,
        urlSetting: `url in ${entry}`,
        loginSettings: `email and password_file or password_env in ${entry}`,
      };
    }
    const flags = this.program.opts<GlobalFlags>();
    const password = flags.passwordFile
      ? `--password-file (${flags.passwordFile})`
      : this.io.env.STORE_PASSWORD
        ? 'STORE_PASSWORD'
        : `STORE_PASSWORD_FILE (${this.io.env.STORE_PASSWORD_FILE ?? ''})`;
    return {
      ...where,
      urlSetting: flags.storeUrl ? '--store-url' : 'STORE_URL',
      loginSettings: `${flags.storeEmail ? '--store-email' : 'STORE_EMAIL'} and ${password}`,
    };
  }

  /** Whether the command printed anything on stdout (a --json error is printed only when not). */
  printedOut = false;

  print(text: string): void {
    this.printedOut = true;
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Ends the process now when the entry allows it (CliIO.exit); in-process runs carry on. */
  exit(code: number): void {
    this.io.exit?.(code);
  }

  printError(text: string): void {
    this.io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}

/** A command's way to end with a given exit code (EXIT, exit-codes.ts) and a message for the user. */
export class ExitError extends Error {
  override readonly name = 'ExitError';
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}
