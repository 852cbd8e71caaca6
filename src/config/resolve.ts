/** Reading the settings: defaults, then environment (and secret files), then CLI flags, validated. */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from './defaults.ts';
import { ConfigError } from './error.ts';
import { configSchema, ENV_NAMES, type Config, type ConfigOverrides, type Settings } from './settings.ts';

/**
 * Secrets that may come from a file instead (`<NAME>_FILE`): kept out of the process environment
 * and shell history. The variable itself wins when both are set.
 */
const SECRET_FILES = {
  storePassword: 'STORE_PASSWORD_FILE',
  notifyWebhookSecret: 'NOTIFY_WEBHOOK_SECRET_FILE',
  smtpUrl: 'SMTP_URL_FILE',
} as const satisfies Partial<Record<keyof Settings, string>>;

type Env = Record<string, string | undefined>;

function fromEnv(env: Env): ConfigOverrides {
  const out: ConfigOverrides = {};
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof Settings, string][]) {
    const value = env[name];
    if (value !== undefined && value !== '') out[key] = value;
  }
  for (const [key, name] of Object.entries(SECRET_FILES) as [keyof typeof SECRET_FILES, string][]) {
    const file = env[name];
    if (out[key] !== undefined || !file) continue;
    try {
      out[key] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(name, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return out;
}

function defined(overrides: ConfigOverrides): ConfigOverrides {
  return Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined && v !== ''));
}

/** The XDG default: `$HOME/.local/state` (the process's home when the environment has no HOME). */
function defaultStateHome(env: Env): string {
  return join(env.HOME || homedir(), '.local', 'state');
}

/**
 * Merges defaults, environment and flags (flags win) and validates. Reads only the password file
 * (STORE_PASSWORD_FILE) and, for the state folder's default, the home directory.
 */
export function resolveConfig(env: Env, flags: ConfigOverrides = {}): Config {
  const given = { ...fromEnv(env), ...defined(flags) };
  const merged = { ...DEFAULTS, stateHome: defaultStateHome(env), ...given };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = (issue?.path[0] ?? 'config') as keyof Settings;
    throw new ConfigError(ENV_NAMES[key] ?? String(key), issue?.message ?? 'is invalid');
  }
  return { ...parsed.data, rateGiven: given.rate !== undefined };
}
