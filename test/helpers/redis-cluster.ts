/**
 * A real Redis Cluster of its own for a test: `masters` redis-server processes on 127.0.0.1 with
 * cluster mode on, each on free ports (its client port and its cluster bus port, named with
 * --cluster-port so the bus never needs port + 10000) in a temp dir of its own, without
 * persistence; joined with `redis-cli --cluster create` and ready once every node says
 * `cluster_state:ok`. With replicas (and a short node timeout), killMaster() is a master's process
 * dying and its replica taking its slots, as in a failover. stop() kills them and removes their dirs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, kill } from '../sync/helpers/processes.ts';
import { keysUnder } from '../sync/helpers/redis.ts';
import { until } from './until.ts';

const run = promisify(execFile);

export interface ClusterShape {
  /** Replicas of each master. @defaultValue 0 */
  replicas?: number;
  /** cluster-node-timeout: how long a master is unreachable before its replica is promoted. @defaultValue 15000 */
  nodeTimeoutMs?: number;
}

interface Node {
  port: number;
  dir: string;
  child: ChildProcess;
}

export class RedisCluster {
  private constructor(private readonly nodes: Node[]) {}

  /** The nodes' process ids (a bench reads their CPU). */
  get pids(): number[] {
    return this.nodes.map((node) => node.child.pid!);
  }

  static async start(masters = 3, shape: ClusterShape = {}): Promise<RedisCluster> {
    const nodes: Node[] = [];
    const cluster = new RedisCluster(nodes);
    const replicas = shape.replicas ?? 0;
    const total = masters * (1 + replicas);
    try {
      for (let i = 0; i < total; i++) {
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
            ...['--cluster-node-timeout', String(shape.nodeTimeoutMs ?? 15_000)],
            // A replica may always take over, however long ago it last heard its master.
            ...['--cluster-replica-validity-factor', '0'],
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
        String(replicas),
        '--cluster-yes',
      ]);
      await until(async () => {
        for (const { port } of nodes) {
          const info = await cluster.onNode(port, (redis) => redis.cluster('INFO'));
          if (!info.includes('cluster_state:ok') || !info.includes(`cluster_known_nodes:${total}`)) return false;
          const role = await cluster.onNode(port, (redis) => redis.info('replication'));
          if (role.includes('role:slave') && !role.includes('master_link_status:up')) return false;
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
    return this.onNode(port, (redis) => keysUnder(redis, prefix));
  }

  /**
   * Kills the process of the master on `port` (SIGKILL: no goodbye to the cluster) and resolves
   * once another node serves its slots and every live node says `cluster_state:ok`.
   */
  async killMaster(port: number): Promise<void> {
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node on port ${port}`);
    const live = this.nodes.filter((n) => n !== node);
    const slotsOf = async (at: number) => this.onNode(at, (redis) => redis.cluster('SLOTS'));
    const owned = (await slotsOf(live[0]!.port)).filter(([, , master]) => master?.[1] === port);
    await kill(node.child, 'SIGKILL');
    await until(
      async () => {
        for (const { port: at } of live) {
          const info = await this.onNode(at, (redis) => redis.cluster('INFO'));
          if (!info.includes('cluster_state:ok')) return false;
        }
        const slots = await slotsOf(live[0]!.port);
        return owned.every(([from]) =>
          slots.some(([start, end, master]) => from >= start && from <= end && master?.[1] !== port),
        );
      },
      `a replica to take the slots of the master on ${port}`,
      { timeoutMs: 60_000, everyMs: 100 },
    );
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
