/**
 * The store's notifier from the configuration: its settings (settings.ts), and where its
 * notifications wait. With REDIS_URL, the store's `notify` queue under its key prefix (any process
 * of the store delivers). Without, the store's outbox folder beside the local mode's ledger
 * (`<ledger's folder>/outbox.<store scope>/`: the per-user state home, or LEDGER_FILE's folder),
 * not the report folder: it is machine state like the ledger, found by the next catalog-sync
 * process of the store whatever folder it runs from, while REPORT_DIR is relative to the
 * working directory by default and is for people to open, copy and clean up. Only the
 * composition root (src/app.ts) calls this.
 */
import { dirname, join } from 'node:path';
import type { RedisClient } from '../redis.ts';
import type { Config } from '../config.ts';
import { ledgerFileOf } from '../ledger/home.ts';
import type { Logger } from '../log.ts';
import { storeScope, type StoreIdentity } from '../store/identity.ts';
import type { RedisTarget } from '../sync/queue/connection.ts';
import type { AttemptListener } from './attempt-log.ts';
import type { StoreNames } from './language.ts';
import { Notifier, type NotificationBox } from './notifier.ts';
import { Outbox } from './outbox.ts';
import { notifySettingsOf } from './settings.ts';

export interface OpenNotifierDeps {
  config: Config;
  logger: Logger;
  store: StoreIdentity;
  storeNames: () => Promise<StoreNames | null>;
  /** The store's Redis connection and key prefix, with REDIS_URL. */
  redis: (() => Promise<{ redis: RedisClient; target: RedisTarget }>) | null;
  onAttempt?: AttemptListener;
}

/** The local mode's outbox of a store. */
export function outboxDir(config: Pick<Config, 'ledgerFile' | 'stateHome'>, store: StoreIdentity): string {
  return join(dirname(ledgerFileOf(config)), `outbox.${storeScope(store)}`);
}

export function openNotifier(deps: OpenNotifierDeps): Notifier {
  const settings = notifySettingsOf(deps.config);
  const { logger, onAttempt, redis } = deps;
  const box = async (): Promise<NotificationBox> => {
    if (redis) {
      // BullMQ (and ioredis) load only with Redis: an import in the local mode never loads them.
      const { NotifyQueue } = await import('./queue.ts');
      const { redis: connection, target } = await redis();
      return new NotifyQueue({ ...target, redis: connection, settings, logger, ...(onAttempt ? { onAttempt } : {}) });
    }
    return new Outbox({
      dir: outboxDir(deps.config, deps.store),
      settings,
      logger,
      ...(onAttempt ? { onAttempt } : {}),
    });
  };
  return new Notifier({
    settings,
    store: deps.store,
    storeNames: deps.storeNames,
    box,
    logger,
    ...(onAttempt ? { onAttempt } : {}),
  });
}
