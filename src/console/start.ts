/**
 * `catalog-sync serve`: one console (one Fastify server, one login) for the stores a deployment
 * serves (src/deployment.ts): the one store of the environment's settings, or every store of the
 * stores file, which come and go while it runs. openConsole() builds the server; serveStore()
 * opens a store's desk (desk.ts) and takes it into the routes, its stop() takes it out; listen()
 * opens the port.
 */
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { StoreProfile } from '../stores-file.ts';
import { openDesk, type StoreDesk } from './desk.ts';
import { Desks } from './desks.ts';
import { HealthWatch, type HealthReport } from './health.ts';
import { ConsoleMetrics } from './metrics.ts';
import { mountQueues, type QueueBoard } from './queues.ts';
import { redisServerOf } from '../redis.ts';
import { buildConsole } from './server.ts';

export interface ServeOptions {
  /** The deployment's settings (REDIS_URL, CONSOLE_URL): the console's, whichever stores it serves. */
  config: Config;
  logger: Logger;
  host: string;
  port: number;
  /** The agency's token (CONSOLE_TOKEN): it sees every store. */
  token: string;
  uploadLimitBytes: number;
  /** The stores of a stores file: the page names the store it acts on; /healthz sums the stores up. */
  many: boolean;
  /**
   * A throwaway store (`serve --sandbox`, whose app keeps its ledger in memory): the page says it
   * is a rehearsal, and with Redis a worker runs in this process, since no other knows the store (desk.ts).
   */
  sandbox?: boolean;
  /**
   * The metrics /metrics serves. Made before the apps when their rate gates are to be timed too
   * (createApp's observeGate); else made here.
   */
  metrics?: ConsoleMetrics;
  /** The stores file's ids in its order: the order the console lists its stores in. */
  storeOrder?: () => readonly string[];
}

export interface OpenConsole {
  /** Serves a store from now on (a src/deployment.ts StoreService); stop() stops serving it. */
  serveStore(app: App, profile: StoreProfile | null): Promise<{ stop(): Promise<void> }>;
  /** Listens; resolves with where (`url`) and where browsers reach it (`publicUrl`: CONSOLE_URL, else `url`). */
  listen(): Promise<{ url: string; publicUrl: string }>;
  /** Stops the server; the stores' desks are stopped by whoever serves them. */
  close(): Promise<void>;
}

export async function openConsole(options: ServeOptions): Promise<OpenConsole> {
  const { config, logger, many } = options;
  const metrics = options.metrics ?? new ConsoleMetrics();
  const desks = new Desks(options.storeOrder);
  const health = new HealthWatch([], redisServerOf(config) ? [] : ['redis']);
  if (redisServerOf(config))
    // The stores share one Redis (src/deployment.ts): any store's connection tells.
    health.add({ name: 'redis', check: async () => desks.all()[0]?.checkRedis?.() });
  const partOf = (desk: StoreDesk): string => (many ? `store:${desk.id}` : 'store');
  let queues: QueueBoard | null = null;
  let closed = false;
  const server = await buildConsole({
    token: options.token,
    desks,
    health: async () => healthShown(await health.report(), many),
    storeHealth: (id) => health.state(many ? `store:${id}` : 'store'),
    metrics,
    uploadLimitBytes: options.uploadLimitBytes,
    mode: redisServerOf(config) ? 'redis' : 'local',
    sandbox: options.sandbox === true,
    many,
    logger,
    publicUrl: config.consoleUrl,
    ...(redisServerOf(config) ? { extend: async (app) => void (queues = await mountQueues(app)) } : {}),
  });
  return {
    async serveStore(app, profile) {
      const desk = await openDesk(app, profile, {
        metrics,
        queues,
        queueLabel: many ? (app.config.storeId ?? null) : null,
        sandbox: options.sandbox === true,
      });
      desks.add(desk);
      health.add({ name: partOf(desk), check: desk.checkStore });
      return {
        async stop() {
          desks.remove(desk.id);
          health.remove(partOf(desk));
          await desk.close();
        },
      };
    },
    async listen() {
      health.start();
      await server.listen({ host: options.host, port: options.port });
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      const url = `http://${host}:${port}`;
      return { url, publicUrl: config.consoleUrl ?? url };
    },
    async close() {
      if (closed) return;
      closed = true;
      health.stop();
      await server.close();
    },
  };
}

/**
 * What /healthz shows. With a stores file its store parts are summed up as `stores` (down when
 * one is): the answer needs no login, and which stores an agency serves is not for everyone to
 * read; `GET /api/stores` tells a login each store's health.
 */
function healthShown(report: HealthReport, many: boolean): HealthReport {
  if (!many) return report;
  const parts: HealthReport['parts'] = {};
  let stores: 'up' | 'down' | null = null;
  for (const [name, state] of Object.entries(report.parts)) {
    if (!name.startsWith('store:')) parts[name] = state;
    else if (state === 'down' || stores === null) stores = state === 'down' ? 'down' : 'up';
  }
  // No store served (none could start) is a console that cannot do its work.
  parts.stores = stores ?? 'down';
  return { status: Object.values(parts).includes('down') ? 'down' : 'ok', parts };
}
