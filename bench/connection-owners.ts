/**
 * Which process opened each connection to a local server, by the client's port: the kernel's
 * capture names a request's connection (its client port), not the process that sent it. The
 * sockets are read from /proc while they are open (/proc/net/tcp gives a socket's inode by its
 * ports, /proc/<pid>/fd the inodes a process holds), so a worker killed later is still named.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface Owner {
  pid: number;
  name: string;
}

/** Client port -> socket inode, for every IPv4 connection to `serverPort` (its own listening and accepted sockets left out). */
function clientSockets(serverPort: number): Map<number, string> {
  const sockets = new Map<number, string>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const [local, remote, inode] = [fields[1]!, fields[2]!, fields[9]!];
    if (Number.parseInt(remote.split(':')[1]!, 16) !== serverPort) continue;
    sockets.set(Number.parseInt(local.split(':')[1]!, 16), inode);
  }
  return sockets;
}

/** The socket inodes a process holds; none once it has gone. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

export class ConnectionOwners {
  private readonly owners = new Map<number, string>();

  constructor(
    private readonly serverPort: number,
    private readonly processes: () => readonly Owner[],
  ) {}

  /** Names the owners of `ports` not named yet, if their connections are still open; cheap when none is new. */
  learn(ports: Iterable<number>): void {
    const unknown = [...ports].filter((port) => !this.owners.has(port));
    if (unknown.length === 0) return;
    const sockets = clientSockets(this.serverPort);
    const wanted = new Map<string, number>();
    for (const port of unknown) {
      const inode = sockets.get(port);
      if (inode) wanted.set(inode, port);
    }
    if (wanted.size === 0) return;
    for (const { pid, name } of this.processes())
      for (const inode of socketInodes(pid)) {
        const port = wanted.get(inode);
        if (port !== undefined) this.owners.set(port, name);
      }
  }

  ownerOf(port: number): string | undefined {
    return this.owners.get(port);
  }
}
