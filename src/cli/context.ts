/**
 * What every command gets: its resolved configuration (global flags over environment over
 * defaults), a logger, the app built on them (src/app.ts: every piece a command uses), and the
 * streams it writes to. Commands never read process.env themselves. All of it is loaded when a
 * command first asks for it, so `--help` loads none of it.
 */
import type { Command } from 'commander';
import type { App, AppOptions } from '../app.ts';
import type { Config, ConfigOverrides } from '../config.ts';
import type { Logger } from '../log.ts';

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Where a question is answered; without one (or off a terminal) nothing is asked. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

export interface GlobalFlags {
  storeUrl?: string;
  storeEmail?: string;
  passwordFile?: string;
  redisUrl?: string;
  rate?: string;
  concurrency?: string;
  reportDir?: string;
  logLevel?: string;
  queuePrefix?: string;
}

export interface AppUse {
  config?: Config;
  extra?: ConfigOverrides;
  options?: AppOptions;
}

export class CliContext {
  constructor(
    readonly program: Command,
    readonly io: CliIO,
  ) {}

  /** Resolved on demand, so `--help` works without any configuration. Throws ConfigError. */
  async config(extra: ConfigOverrides = {}): Promise<Config> {
    const { resolveConfig } = await import('../config.ts');
    const flags = this.program.opts<GlobalFlags>();
    const env = { ...this.io.env };
    if (flags.passwordFile) {
      env.STORE_PASSWORD_FILE = flags.passwordFile;
      delete env.STORE_PASSWORD;
    }
    return resolveConfig(env, {
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
  }

  /**
   * JSON log lines go to stderr. On a terminal, unless a level was asked for, only warnings and
   * errors are shown: the person watching has the progress bar and the summary; services and
   * cron jobs (no TTY) keep the info lines for their log collectors.
   */
  async logger(config: Config): Promise<Logger> {
    const { createLogger } = await import('../log.ts');
    const asked = this.program.opts<GlobalFlags>().logLevel ?? this.io.env.LOG_LEVEL;
    const level = !asked && this.io.stderr.isTTY ? 'warn' : config.logLevel;
    return createLogger({ level });
  }

  /**
   * The app on this command's configuration: runs `fn` with it and closes it after. `config`:
   * the configuration when the command resolved it already, else it is resolved with `extra`.
   */
  async withApp<T>(fn: (app: App) => Promise<T>, using: AppUse = {}): Promise<T> {
    const { createApp } = await import('../app.ts');
    const config = using.config ?? (await this.config(using.extra));
    const app = createApp(config, await this.logger(config), using.options);
    try {
      return await fn(app);
    } finally {
      await app.close();
    }
  }

  /** Whether the command printed anything on stdout (a --json error is printed only when not). */
  printedOut = false;

  print(text: string): void {
    this.printedOut = true;
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  printError(text: string): void {
    this.io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}

/** A command's way to end with a given exit code and a message for the user. */
export class ExitError extends Error {
  override readonly name = 'ExitError';
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}
