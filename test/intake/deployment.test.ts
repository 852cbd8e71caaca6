/**
 * No Docker engine here: the compose file and Dockerfile are checked for structure, and every
 * command they run is checked against the real CLI (command and flags exist).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.ts';
import { ENV_NAMES } from '../../src/config.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  profiles?: string[];
  network_mode?: string;
  init?: boolean;
  stop_grace_period?: string;
  user?: string;
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[]; interval?: string; timeout?: string; retries?: number; start_period?: string };
}

interface Compose {
  name?: string;
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets: Record<string, { file: string }>;
}

async function compose(): Promise<Compose> {
  return parse(await readFile(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
}

const { program } = buildProgram({ stdout: process.stdout, stderr: process.stderr, env: {} });

function commandFor(args: string[]): Command {
  const command = program.commands.find((c) => c.name() === args[0]);
  if (!command) throw new Error(`"${args[0]}" is not a catalog-sync command`);
  return command;
}

const KNOWN_ENV = new Set([...Object.values(ENV_NAMES), 'STORE_PASSWORD_FILE', 'CONSOLE_TOKEN']);

describe('docker-compose.yml', () => {
  it('runs Redis with AOF persistence on a named volume, with a health check the app waits for', async () => {
    const { services, volumes } = await compose();
    const redis = services.redis!;
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    const [volume, target] = redis.volumes![0]!.split(':');
    expect(target).toBe('/data');
    expect(volumes).toHaveProperty(volume!);
  });

  it('is valid for Compose v1 too: no top-level name (v1 rejects it)', async () => {
    const text = await readFile(join(ROOT, 'docker-compose.yml'), 'utf8');
    expect((await compose()).name).toBeUndefined();
    expect(text).not.toMatch(/^name:/m);
  });

  it('on a fresh clone the watchers start after a root step gives their drop folder to uid 1000', async () => {
    const { services } = await compose();
    for (const [owner, watcher] of [
      ['drop-owner', 'watcher'],
      ['sandbox-drop-owner', 'sandbox-watcher'],
    ] as const) {
      const step = services[owner]!;
      expect(step.user).toBe('0');
      expect(step.command!.join(' ')).toContain('chown 1000:1000 . inbox processing done failed .locks');
      // The same host folder the watcher mounts.
      const mounted = (s: Service) => s.volumes!.find((v) => v.endsWith(':/data/drop'));
      expect(mounted(step)).toBe(mounted(services[watcher]!));
      expect(services[watcher]!.depends_on).toMatchObject({ [owner]: { condition: 'service_completed_successfully' } });
    }
  });

  it('every app service runs a real CLI command with real flags', async () => {
    const { services } = await compose();
    const app = Object.entries(services).filter(([name]) => name !== 'redis' && !name.endsWith('drop-owner'));
    expect(app.map(([name]) => name).sort()).toEqual([
      'console',
      'sandbox',
      'sandbox-console',
      'sandbox-watcher',
      'sandbox-worker',
      'watcher',
      'worker',
    ]);
    for (const [name, service] of app) {
      const args = service.command!;
      const command = commandFor(args);
      const flags = args.filter((a) => a.startsWith('--'));
      const known = new Set(command.options.map((o) => o.long));
      for (const flag of flags) expect(known.has(flag), `${name}: ${args[0]} has no ${flag}`).toBe(true);
      expect(service.init, `${name} runs with an init`).toBe(true);
    }
    expect(services.worker!.command![0]).toBe('worker');
    expect(services.worker!.command).toEqual(expect.arrayContaining(['--metrics-port', '9464']));
    expect(services.watcher!.command![0]).toBe('watch');
    expect(services.console!.command![0]).toBe('serve');
  });

  it('gives the real store password only through a secrets file, and sets only settings the app knows', async () => {
    const { services, secrets } = await compose();
    for (const name of ['worker', 'watcher', 'console']) {
      const env = services[name]!.environment!;
      for (const key of Object.keys(env)) expect(KNOWN_ENV.has(key), `${name}: unknown setting ${key}`).toBe(true);
      expect(env).not.toHaveProperty('STORE_PASSWORD');
      // The secret unless set, empty included (an agency's stores file has each store's own).
      expect(env.STORE_PASSWORD_FILE).toBe('${STORE_PASSWORD_FILE-/run/secrets/store_password}');
      expect(services[name]!.secrets).toContain('store_password');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
    }
    expect(secrets.store_password?.file).toBeTruthy();
  });

  it('mounts the drop folder where the watcher watches, and reports where the app writes them', async () => {
    const { services } = await compose();
    const watcher = services.watcher!;
    const dir = watcher.command![watcher.command!.indexOf('--dir') + 1];
    expect(watcher.volumes!.some((v) => v.endsWith(`:${dir}`))).toBe(true);
    for (const name of ['worker', 'watcher']) {
      const reportDir = services[name]!.environment!.REPORT_DIR;
      expect(services[name]!.volumes!.some((v) => v.split(':')[1] === reportDir)).toBe(true);
    }
  });

  it('passes the notification settings and an agency stores file (its folder mounted) to the worker, watcher and console', async () => {
    const { services } = await compose();
    const text = await readFile(join(ROOT, 'docker-compose.yml'), 'utf8');
    const example = /STORES_FILE=(\S+)/.exec(text)?.[1];
    expect(example).toBe('/app/stores/stores.yaml');
    for (const name of ['worker', 'watcher', 'console']) {
      const service = services[name]!;
      for (const key of [
        'NOTIFY_WEBHOOK_URL',
        'NOTIFY_WEBHOOK_SECRET',
        'SMTP_URL',
        'NOTIFY_EMAIL_TO',
        'NOTIFY_EMAIL_FROM',
        'NOTIFY_LANG',
        'CONSOLE_URL',
        'STORES_FILE',
      ])
        expect(service.environment, `${name}: ${key}`).toHaveProperty(key);
      expect(
        service.volumes!.some((v) => v.includes(':/app/stores:')),
        name,
      ).toBe(true);
    }
  });

  it('the sandbox rehearsal has a console, on the sandbox network, published on this host only', async () => {
    const { services } = await compose();
    const console = services['sandbox-console']!;
    expect(console.profiles).toEqual(['sandbox']);
    expect(console.network_mode).toBe('service:sandbox');
    expect(console.command).toEqual(['serve', '--host', '0.0.0.0', '--port', '8081']);
    expect(console.environment!.STORE_URL).toBe('http://127.0.0.1:8080');
    expect(console.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect((services.sandbox as Service & { ports?: string[] }).ports).toEqual([
      '127.0.0.1:${SANDBOX_CONSOLE_PORT:-8081}:8081',
    ]);
  });

  it('keeps the sandbox rehearsal behind a profile, sharing the sandbox network (it listens on 127.0.0.1)', async () => {
    const { services } = await compose();
    for (const name of ['sandbox', 'sandbox-worker', 'sandbox-watcher'])
      expect(services[name]!.profiles).toEqual(['sandbox']);
    for (const name of ['worker', 'watcher', 'redis']) expect(services[name]!.profiles).toBeUndefined();
    expect(services['sandbox-worker']!.network_mode).toBe('service:sandbox');
    expect(services['sandbox-worker']!.environment!.STORE_URL).toBe('http://127.0.0.1:8080');
    expect(services.sandbox!.command).toEqual(['sandbox', '--port', '8080']);
  });

  it("the sandbox rehearsal writes its reports to a volume of its own, never production's", async () => {
    const { services, volumes } = await compose();
    for (const name of ['sandbox-worker', 'sandbox-watcher']) {
      const service = services[name]!;
      const reports = service.volumes!.find((v) => v.split(':')[1] === service.environment!.REPORT_DIR);
      expect(reports, name).toBe('sandbox-reports:/data/reports');
    }
    expect(volumes).toHaveProperty('sandbox-reports');
    const production = Object.entries(services).filter(([, s]) => s.volumes?.some((v) => v.startsWith('reports:')));
    expect(production.map(([name]) => name).sort()).toEqual(['console', 'watcher', 'worker']);
  });

  it('the workers run schedules on Redis, with the job files read-only (a job state is kept in Redis)', async () => {
    const { services } = await compose();
    const worker = services.worker!;
    expect(worker.environment!.REDIS_URL ?? worker.environment!.REDIS_CLUSTER_NODES).toBeTruthy();
    expect(worker.volumes).toContain('./jobs:/app/jobs:ro');
  });

  it("the console's Drop folder panel reads the watcher's drop folder (read-only)", async () => {
    const { services } = await compose();
    // `${DROP_FOLDER:-./drop}:/data/drop[:ro]`: the host side holds a colon too.
    const drop = (s: Service) => s.volumes!.find((v) => v.replace(/:ro$/, '').endsWith(`:${s.environment!.DROP_DIR}`));
    expect(drop(services.watcher!)).toBe('${DROP_FOLDER:-./drop}:/data/drop');
    expect(drop(services.console!)).toBe(`${drop(services.watcher!)}:ro`);
  });

  it('worker and watcher have health checks on what they offer: /metrics, the alive file', async () => {
    const { services } = await compose();
    const script = (s: Service) => {
      const [kind, program, flag, code] = s.healthcheck!.test;
      expect([kind, program, flag]).toEqual(['CMD', 'node', '-e']);
      return code!;
    };
    const flag = (s: Service, name: string) => s.command![s.command!.indexOf(name) + 1];
    const worker = services.worker!;
    expect(flag(worker, '--metrics-host')).toBe('0.0.0.0');
    expect(script(worker)).toContain(`fetch('http://127.0.0.1:${flag(worker, '--metrics-port')}/metrics')`);
    const watcher = services.watcher!;
    expect(script(watcher)).toContain(`statSync('${flag(watcher, '--alive-file')}')`);
    for (const service of [worker, watcher, services.console!])
      expect(service.healthcheck).toMatchObject({ interval: '15s', timeout: '5s', retries: 3 });
  });
});

describe('Dockerfile', () => {
  it('builds dist/ in a stage on node:26 slim (the current LTS line), installs from the lock file and runs ./bin/catalog-sync.js', async () => {
    const text = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
    const [build, image] = text.split(/^FROM /m).slice(1);
    expect(build).toMatch(/^node:26-slim AS build$/m);
    expect(build).toMatch(/RUN npm ci .*&& npm run build/);
    expect(image).toMatch(/^node:26-slim$/m);
    expect(image).toMatch(/RUN npm ci --omit=dev/);
    expect(image).toContain('COPY --from=build /app/dist ./dist');
    expect(image).toMatch(/ENTRYPOINT \["node", "\.\/bin\/catalog-sync\.js"\]/);
    expect(image).toMatch(/^USER node$/m);
    // The image runs compiled JavaScript: what it runs must not need a dev dependency.
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies).toHaveProperty('typescript');
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    for (const copied of ['bin', 'templates', 'jobs']) expect(image).toContain(`COPY ${copied} ./${copied}`);
    expect(image).not.toContain('COPY src');
  });

  it('.dockerignore keeps secrets, local state and dependencies out of the build context', async () => {
    const lines = (await readFile(join(ROOT, '.dockerignore'), 'utf8')).split('\n').map((l) => l.trim());
    for (const entry of ['.git', 'node_modules', 'reports', 'drop', '.ledger', 'secrets', '.env'])
      expect(lines).toContain(entry);
  });
});
