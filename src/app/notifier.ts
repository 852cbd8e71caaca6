/**
 * Who tells people a batch ended (NOTIFY_WEBHOOK_URL, SMTP_URL), built on first use. Its module
 * loads got, nodemailer and BullMQ: a command that ends no batch never loads them.
 */
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { StoreClient } from '../store/client.ts';
import type { StoreIdentity } from '../store/identity.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { StoreRedis } from './store-redis.ts';
import type { AppOptions } from './types.ts';

export function storeNotifier(parts: {
  config: Config;
  logger: Logger;
  store: () => Promise<StoreIdentity>;
  client: () => Promise<StoreClient>;
  /** null: no Redis, notifications are kept in a local outbox. */
  inRedis: StoreRedis | null;
  options: Pick<AppOptions, 'onNotificationAttempt'>;
  life: Lifecycle;
}): () => Promise<Notifier> {
  const { config, logger, store, client, inRedis, options, life } = parts;
  return life.once(async (): Promise<Notifier> => {
    const { openNotifier } = await import('../notify/open.ts');
    const made = openNotifier({
      config,
      logger,
      store: await store(),
      storeNames: async () => (await (await client()).authorize()).store,
      redis: inRedis ? async () => ({ redis: await inRedis.redis(), target: await inRedis.queueTarget() }) : null,
      ...(options.onNotificationAttempt ? { onAttempt: options.onNotificationAttempt } : {}),
    });
    life.onClose(() => made.close());
    return made;
  });
}
