/**
 * A row worker's blocking read on a Redis Cluster (issue 41): one plain connection to the master
 * of its store's hash slot, where BullMQ would copy the worker's cluster client. Every key of a
 * store shares one slot (keys.ts storePrefix), so the read needs no routing, and a cluster client
 * cost a busy store about 0.35 MB of heap: its two 16384-entry slot tables, a client per master,
 * its own copy of BullMQ's scripts. The worker's commands stay on its cluster client, which rides
 * through a failover (redis.ts CLUSTER_OPTIONS); the read asks that client for the slot's master
 * each time it connects, so after a failover (its connection lost) or a MOVED reply (it
 * reconnects) it reads on the new master. Built from BullMQ's public backend parts (its own
 * createRedisBackend, with the blocking connection made here).
 */
import { createConnection, type Socket } from 'node:net';
import { QueueKeys, RedisConnection, RedisQueueBackend, type BackendFactory } from 'bullmq';
import type { Cluster } from 'ioredis';
import { AbstractConnector, Command, Redis, type RedisOptions } from 'ioredis';

/** What the read's connector is given besides ioredis' own options. */
interface SlotOf {
  slotOf: { cluster: Cluster; key: string };
  disconnectTimeout?: number;
}

function isSlotOf(options: unknown): options is SlotOf {
  return typeof options === 'object' && options !== null && 'slotOf' in options;
}

/** Connects to the master serving `slotOf.key` as `slotOf.cluster` knows it now. */
class SlotMasterConnector extends AbstractConnector {
  private readonly slotOf: SlotOf['slotOf'];

  constructor(options: unknown) {
    if (!isSlotOf(options)) throw new Error('SlotMasterConnector needs slotOf');
    super(options.disconnectTimeout ?? 2000);
    this.slotOf = options.slotOf;
  }

  async connect(): Promise<Socket> {
    this.connecting = true;
    const { host, port } = await masterOf(this.slotOf.cluster, this.slotOf.key);
    if (!this.connecting) throw new Error('Connection is closed.');
    const stream = createConnection({ host, port });
    stream.once('error', (error) => (this.firstError = error));
    this.stream = stream;
    return stream;
  }
}

async function masterOf(cluster: Cluster, key: string): Promise<{ host: string; port: number }> {
  // A command on the key first: once it is answered, the client's slot table is right for the key
  // (a MOVED reply or a failover refreshes it), and it waits through an outage as any command does.
  await cluster.exists(key);
  const node = cluster.slots[new Command('exists', [key]).getSlot()]?.[0];
  if (!node) throw new Error(`no master serves the slot of ${key}`);
  const colon = node.lastIndexOf(':');
  return { host: node.slice(0, colon), port: Number(node.slice(colon + 1)) };
}

/** The slot moved (resharding, or a failed-over master back as a replica): reconnect, send the read again. */
const reconnectOnError = (error: Error): 2 | false => (/^MOVED\b/.test(error.message) ? 2 : false);

/**
 * A Worker's backend (its 4th constructor argument): its commands on `cluster` (left open, as
 * BullMQ leaves a client it is given), its blocking read on the slot's master. `prefix`: the
 * Worker's (BullMQ hands a backend options without it); `options`: the read's ioredis options.
 */
export function slotReadBackend(
  cluster: Cluster,
  prefix: string,
  options: RedisOptions,
): BackendFactory<RedisQueueBackend> {
  return (name, opts) => {
    const keys = new QueueKeys(prefix);
    const toKey = (type: string) => keys.toKey(name, type);
    const readOptions: RedisOptions & SlotOf = {
      ...options,
      // Named as BullMQ names a blocking read: after its queue, so CLIENT LIST tells whose it is.
      connectionName: `${prefix}:${Buffer.from(name).toString('base64')}`,
      maxRetriesPerRequest: null,
      lazyConnect: true,
      reconnectOnError,
      Connector: SlotMasterConnector,
      slotOf: { cluster, key: toKey('marker') },
    };
    const commands = new RedisConnection(cluster, {
      shared: true,
      blocking: false,
      skipVersionCheck: true,
      skipWaitingForReady: opts.skipWaitingForReady,
    });
    const read = new RedisConnection(new Redis(readOptions), { shared: false, blocking: true, skipVersionCheck: true });
    return new RedisQueueBackend(commands, name, keys.getKeys(name), toKey, opts, read);
  };
}
