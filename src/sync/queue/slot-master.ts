/**
 * A row worker's connections on a Redis Cluster (issue 41): plain clients to the master of its
 * store's hash slot, not cluster clients. Every key of a store shares one slot (keys.ts
 * storePrefix), so they need no routing, and a cluster client cost a busy store about 0.35 MB of
 * heap: its two 16384-entry slot tables, a client per master, its own copy of BullMQ's scripts
 * (two per busy store: BullMQ copies a worker's client for its blocking read, and a copy of this
 * one is one of these too). Each asks a cluster client that rides through a failover (the
 * process's: redis.ts CLUSTER_OPTIONS) for the slot's master every time it connects: a failover
 * (its connection lost) or a MOVED reply (it reconnects and sends the command again) brings it
 * to the slot's new master, its commands waiting meanwhile as a cluster client's do. Built on
 * ioredis' public Connector option.
 */
import { createConnection, type Socket } from 'node:net';
import { AbstractConnector, Command, Redis, type Cluster, type RedisOptions } from 'ioredis';

/** What the connector is given besides ioredis' own options (a copy made by duplicate() keeps it). */
interface SlotOf {
  slotOf: { via: Cluster; key: string };
  disconnectTimeout?: number;
}

function isSlotOf(options: unknown): options is SlotOf {
  return typeof options === 'object' && options !== null && 'slotOf' in options;
}

/** Connects to the master serving `slotOf.key`, as `slotOf.via` knows it now. */
class SlotMasterConnector extends AbstractConnector {
  private readonly slotOf: SlotOf['slotOf'];

  constructor(options: unknown) {
    if (!isSlotOf(options)) throw new Error('SlotMasterConnector needs slotOf');
    super(options.disconnectTimeout ?? 2000);
    this.slotOf = options.slotOf;
  }

  async connect(): Promise<Socket> {
    this.connecting = true;
    const { host, port } = await masterOf(this.slotOf.via, this.slotOf.key);
    if (!this.connecting) throw new Error('Connection is closed.');
    const stream = createConnection({ host, port });
    stream.once('error', (error) => (this.firstError = error));
    this.stream = stream;
    return stream;
  }
}

async function masterOf(via: Cluster, key: string): Promise<{ host: string; port: number }> {
  // A command on the key first: once it is answered, the client's slot table is right for the key
  // (a MOVED reply or a failover refreshes it), and it waits through an outage as any command does.
  await via.exists(key);
  const node = via.slots[new Command('exists', [key]).getSlot()]?.[0];
  if (!node) throw new Error(`no master serves the slot of ${key}`);
  const colon = node.lastIndexOf(':');
  return { host: node.slice(0, colon), port: Number(node.slice(colon + 1)) };
}

/** The slot moved (resharding, or a failed-over master back as a replica): reconnect, send the command again. */
const reconnectOnError = (error: Error): 2 | false => (/^MOVED\b/.test(error.message) ? 2 : false);

/**
 * A plain client, not yet connected, to the master of `key`'s hash slot as `via` (a cluster
 * client that rides through failovers) knows it at each connect. `options`: the rest (retries,
 * name); its host and port are never used.
 */
export function slotMasterClient(via: Cluster, key: string, options: RedisOptions): Redis {
  const withSlot: RedisOptions & SlotOf = {
    ...options,
    lazyConnect: true,
    reconnectOnError,
    Connector: SlotMasterConnector,
    slotOf: { via, key },
  };
  return new Redis(withSlot);
}
