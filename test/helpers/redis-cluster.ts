/**
 * A real Redis Cluster of its own for a test: `masters` redis-server processes on 127.0.0.1 with
 * cluster mode on, each on free ports (its client port and its cluster bus port, named with
 * --cluster-port so the bus never needs port + 10000) in a temp dir of its own, without
 * persistence; joined with `redis-cli --cluster create` and ready once every node says
 * `cluster_state:ok`. stop() kills them and removes their dirs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, kill } from '../sync/helpers/processes.ts';
import { until } from './until.ts';

const run = promisify(execFile);

interface Node {
  port: number;
  dir: string;
  child: ChildProcess;
}

export class RedisCluster {
  private constructor(private readonly nodes: Node[]) {}

  static async start(masters = 3): Promise<RedisCluster> {
    const nodes: Node[] = [];
    const cluster = new RedisCluster(nodes);
    try {
      for (let i = 0; i < masters; i++) {
        const [port, busPort, dir] = [
          await freePort(),
          await freePort(),
          await mkdtemp(join(tmpdir(), 'redis-cluster-')),
        ];
        const child = spawn(
          'redis-server',
          [
            ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--daemonize', 'no'],
            ...['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-port', String(busPort)],
            ...['--save', '', '--appendonly', 'no'],
          ],
          { stdio: 'ignore' },
        );
        nodes.push({ port, dir, child });
      }
      for (const { port } of nodes) await cluster.onNode(port, (redis) => redis.ping());
      await run('redis-cli', [
        '--cluster',
        'create',
        ...nodes.map(({ port }) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ]);
      await until(async () => {
        for (const { port } of nodes) {
          const info = await cluster.onNode(port, (redis) => redis.cluster('INFO'));
          if (!info.includes('cluster_state:ok') || !info.includes(`cluster_known_nodes:${masters}`)) return false;
        }
        return true;
      }, 'the cluster to be ok on every node');
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** REDIS_CLUSTER_NODES: every node's host:port. */
  get nodeList(): string {
    return this.nodes.map(({ port }) => `127.0.0.1:${port}`).join(',');
  }

  get ports(): number[] {
    return this.nodes.map(({ port }) => port);
  }

  /** The port of the master that holds `key`'s hash slot. */
  async masterOf(key: string): Promise<number> {
    const port = this.ports[0]!;
    const slot = await this.onNode(port, (redis) => redis.cluster('KEYSLOT', key));
    const ranges = await this.onNode(port, (redis) => redis.cluster('SLOTS'));
    const master = ranges.find(([from, to]) => slot >= from && slot <= to)?.[2];
    if (!master) throw new Error(`no master holds slot ${slot}`);
    return master[1];
  }

  /** Every key on one node that starts with `prefix` (SCAN reaches that node only). */
  async keysOn(port: number, prefix: string): Promise<string[]> {
    return this.onNode(port, async (redis) => {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      return keys;
    });
  }

  async stop(): Promise<void> {
    for (const { child, dir } of this.nodes.splice(0)) {
      await kill(child, 'SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A plain connection to one node (it answers for its own slots only). */
  private async onNode<T>(port: number, use: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      retryStrategy: () => 50,
      maxRetriesPerRequest: null,
    });
    redis.on('error', () => undefined); // refused until the server listens: retried
    try {
      await redis.connect().catch(() => undefined);
      return await use(redis);
    } finally {
      redis.disconnect();
    }
  }
}
