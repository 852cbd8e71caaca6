/**
 * A busy store's scripts on a real Redis Cluster (issue 41): while its row worker's connection
 * (rowConnection, a plain client to the master of the store's hash slot) is open, the store's
 * scripts (its rate gate, ledger and results: LuaScript) run on it, not on the process's cluster
 * client; once it is closed or dropped (the row worker stopped, or handed its rows back), on the
 * cluster client again, a script caught by the drop included. Through a failover of the store's
 * master, a script on it waits for the replica and runs there. Which connection ran a command:
 * the CLIENT LIST of the server it is connected to (`cmd=`, a connection's last command).
 */
import { once } from 'node:events';
import type { ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { isCluster, type RedisClient, type RedisServer } from '../../src/redis.ts';
import { LuaScript } from '../../src/store/rate-gate/lua-script.ts';
import { closeBull, dropBull, openRedis, rowConnection } from '../../src/sync/queue/connection.ts';
import { RedisCluster } from '../helpers/redis-cluster.ts';

let cluster: RedisCluster;
let server: RedisServer;
let via: RedisClient;
beforeAll(async () => {
  cluster = await RedisCluster.start(3, { replicas: 1, nodeTimeoutMs: 5_000 });
  server = { redisCluster: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) };
  via = openRedis(server, silentLogger, 'shared');
}, 60_000);
afterAll(async () => {
  via?.disconnect();
  await cluster?.stop();
});

/** Sets a key and answers its value: the same whether it runs once or twice. */
const SET = new LuaScript(`redis.call('SET', KEYS[1], ARGV[1]) return redis.call('GET', KEYS[1])`);

const prefix = (store: string) => `test-slot-scripts:{${store}}`;

const isPlain = (connection: ConnectionOptions): connection is Redis => connection instanceof Redis;

/** The row worker's connection, as closeBull and dropBull find it on a BullMQ worker that has closed its own. */
function rowWorker(store: string): {
  connection: Redis;
  bull: Parameters<typeof dropBull>[0] & Parameters<typeof closeBull>[0];
} {
  const connection = rowConnection(server, prefix(store), via);
  if (!isPlain(connection)) throw new Error('a row connection on a cluster is a plain client');
  const bull = { opts: { connection }, close: () => Promise.resolve(), disconnect: () => Promise.resolve() };
  return { connection, bull };
}

/** The last command a connection sent, as the server it is connected to lists it (CLIENT LIST `cmd`). */
async function lastCommand(client: Redis): Promise<string> {
  const { remotePort, localPort } = client.stream;
  const server = new Redis({ host: '127.0.0.1', port: remotePort! });
  try {
    const list = String(await server.client('LIST'));
    const line = list.split('\n').find((l) => l.includes(` addr=127.0.0.1:${localPort} `));
    return /(?:^| )cmd=(\S+)/.exec(line ?? '')?.[1] ?? 'not connected';
  } finally {
    server.disconnect();
  }
}

/** The cluster client's connection to the master of `store`'s slot. */
async function clusterNodeOf(store: string): Promise<Redis> {
  if (!isCluster(via)) throw new Error('a cluster client');
  const port = await cluster.masterOf(prefix(store));
  const node = via.nodes('master').find((n) => n.options.port === port);
  if (!node) throw new Error(`the cluster client has no connection to ${port}`);
  return node;
}

const ranAScript: unknown = expect.stringMatching(/^eval/);

it("runs a store's scripts on its row worker's client while it is open, then on the cluster client", async () => {
  const { connection, bull } = rowWorker('a');
  await connection.connect();
  await expect(SET.run(via, [`${prefix('a')}:k`], ['1'])).resolves.toBe('1');
  expect(await lastCommand(connection)).toEqual(ranAScript);

  // Another store's scripts are not its client's.
  await connection.ping();
  await expect(SET.run(via, [`${prefix('b')}:k`], ['1'])).resolves.toBe('1');
  expect(await lastCommand(connection)).toBe('ping');

  const ended = once(connection, 'end');
  await closeBull(bull);
  await ended;
  const node = await clusterNodeOf('a');
  await node.ping();
  await expect(SET.run(via, [`${prefix('a')}:k`], ['2'])).resolves.toBe('2');
  expect(await lastCommand(node)).toEqual(ranAScript);
});

it('a script caught by its client being dropped (rows handed back) runs on the cluster client', async () => {
  const { connection, bull } = rowWorker('c');
  // Sent while the client is still connecting: in its queue when the drop rejects what it holds.
  const caught = SET.run(via, [`${prefix('c')}:k`], ['caught']);
  const ended = once(connection, 'end');
  await dropBull(bull);
  await ended;
  await expect(caught).resolves.toBe('caught');
  const node = await clusterNodeOf('c');
  await node.ping();
  await expect(SET.run(via, [`${prefix('c')}:k`], ['after'])).resolves.toBe('after');
  expect(await lastCommand(node)).toEqual(ranAScript);
});

it("the store's next row worker keeps its client when the one before it closes later", async () => {
  const first = rowWorker('d');
  const next = rowWorker('d');
  await Promise.all([first.connection.connect(), next.connection.connect()]);
  await closeBull(first.bull);
  await expect(SET.run(via, [`${prefix('d')}:k`], ['1'])).resolves.toBe('1');
  expect(await lastCommand(next.connection)).toEqual(ranAScript);
  await closeBull(next.bull);
});

it("a script on a row worker's client rides through a failover of the store's master", async () => {
  const { connection, bull } = rowWorker('e');
  await connection.connect();
  await expect(SET.run(via, [`${prefix('e')}:k`], ['before'])).resolves.toBe('before');
  const lost = once(connection, 'close');
  const failover = cluster.killMaster(await cluster.masterOf(prefix('e')));
  await lost;
  // Sent while the store's master is dead: it waits for the replica to take the slot.
  const during = SET.run(via, [`${prefix('e')}:k`], ['during']);
  await failover;
  await expect(during).resolves.toBe('during');
  // It ran on the client, which found the slot's new master: not on the cluster client.
  expect(connection.stream.remotePort).toBe(await cluster.masterOf(prefix('e')));
  expect(await lastCommand(connection)).toEqual(ranAScript);
  await closeBull(bull);
}, 90_000);
