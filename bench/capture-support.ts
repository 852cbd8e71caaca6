/**
 * A kernel capture of the requests local HTTP servers receive (bench/agency.ts,
 * bench/agency-cluster.ts): tcpdump on lo, only packets to the servers' ports whose TCP payload
 * starts with one of the request methods asked for (a request's first segment: a client sends one
 * request per connection at a time), cut just after the request line (the only thing read). Each
 * arrival is stamped by the kernel as the packet crossed lo (-tt), whatever the receiving process's
 * event loop was doing then: a store's own log stamps when its loop reaches the request, late and
 * in bunches under load.
 *
 * The capture ends at a marker: the bench POSTs /__sandbox/capture-end (a control path the stores
 * neither log nor route) once no other request can come, and stops tcpdump when the marker has
 * been read, so every earlier packet has been read too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { STORE_ROUTES } from '../src/sandbox/routes/index.ts';

export interface Arrival {
  path: string;
  /** ms epoch, the kernel's stamp (µs resolution). */
  at: number;
}

export interface CapturedArrival extends Arrival {
  /** The server's port the request went to. */
  port: number;
  /** The client's port: which connection carried it (one client process each). */
  from: number;
}

export type Method = 'GET' | 'POST' | 'PUT';

const MARKER = '/__sandbox/capture-end';
/** The BPF offset of the TCP payload: the data offset nibble of the TCP header, in 32-bit words. */
const PAYLOAD = '((tcp[12:1] & 0xf0) >> 2)';
/** Each method and the space after it, as the payload's first bytes (BPF compares at most 4 at once). */
const STARTS: Record<Method, string> = {
  GET: `tcp[${PAYLOAD}:4] = 0x47455420`,
  POST: `(tcp[${PAYLOAD}:4] = 0x504f5354 and tcp[${PAYLOAD} + 4:1] = 0x20)`,
  PUT: `tcp[${PAYLOAD}:4] = 0x50555420`,
};

const LONGEST_ROUTE = Math.max(...[...STORE_ROUTES.keys()].map((path) => path.length));

/**
 * The fewest bytes of a packet that hold its request line: lo's Ethernet header (14), IPv4 without
 * options (20), a TCP header at its longest (60: lo's data segments carry 32, SACK blocks after a
 * loss more), then `POST <prefix><route> HTTP/1.1`. A line cut short is not read, and the count
 * check against the stores' logs shows it.
 */
export function snaplenFor(prefixLength: number): number {
  const longestPath = Math.max(prefixLength + LONGEST_ROUTE, MARKER.length);
  return 14 + 20 + 60 + 'POST '.length + longestPath + ' HTTP/1.1'.length;
}

/** `1796197238.812598 IP 127.0.0.1.40480 > 127.0.0.1.6379: Flags [P.], ...` */
const PACKET = /^(\d+\.\d+) IP6? \S+?\.(\d+) > \S+?\.(\d+): /;
const REQUEST_LINE = /(?:GET|POST|PUT) (\/\S*) HTTP\/1\.[01]/;

/**
 * Reads `tcpdump -A` text line by line: a packet's header line (time, ports), then its bytes as
 * text (headers as dots, the request line somewhere in them).
 */
export class CaptureReader {
  readonly arrivals: CapturedArrival[] = [];
  private pending: { at: number; from: number; port: number } | undefined;

  constructor(private readonly onMarker: () => void) {}

  line(text: string): void {
    const packet = PACKET.exec(text);
    if (packet) {
      this.pending = { at: Number(packet[1]) * 1000, from: Number(packet[2]), port: Number(packet[3]) };
      return;
    }
    const request = this.pending && REQUEST_LINE.exec(text);
    if (!this.pending || !request) return;
    const pending = this.pending;
    this.pending = undefined;
    if (request[1] === MARKER) return this.onMarker();
    this.arrivals.push({ ...pending, path: request[1]! });
  }
}

export interface CaptureEnd {
  /** What tcpdump says the kernel dropped (its buffer full): those requests are missing from the capture. */
  dropped: number | undefined;
  /** false: tcpdump was stopped without having read the end marker, so it may have missed the last packets. */
  markerRead: boolean;
}

export interface CaptureOptions {
  /** The request methods captured (default POST and PUT). */
  methods?: readonly Method[];
  /** The longest prefix before a store's routes (`/s/500` when many stores share a port; default none): it sets the snaplen. */
  prefixLength?: number;
}

export class KernelCapture {
  private readonly exited: Promise<unknown>;
  private stderr = '';
  private markerSeen: () => void = () => undefined;
  private readonly marker = new Promise<void>((resolve) => (this.markerSeen = resolve));
  private readonly reader = new CaptureReader(() => this.markerSeen());
  private stopping: Promise<CaptureEnd> | undefined;

  private constructor(
    private readonly child: ChildProcess,
    readonly snaplen: number,
  ) {
    // 'error' (spawn failed: no tcpdump) comes instead of 'exit'.
    this.exited = new Promise((resolve) => {
      child.once('exit', resolve);
      child.once('error', resolve);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => this.reader.line(line));
  }

  /** Starts tcpdump and resolves once it listens; a string says why it could not (absent, not permitted). */
  static async start(ports: readonly number[], options: CaptureOptions = {}): Promise<KernelCapture | string> {
    const methods = (options.methods ?? ['POST', 'PUT']).map((method) => STARTS[method]);
    const filter = `tcp and (${ports.map((p) => `dst port ${p}`).join(' or ')}) and (${methods.join(' or ')})`;
    const snaplen = snaplenFor(options.prefixLength ?? 0);
    const args = ['-i', 'lo', '-nn', '-tt', '-l', '-A', '-s', String(snaplen), '-B', '65536', filter];
    const child = spawn('tcpdump', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const capture = new KernelCapture(child, snaplen);
    const why = await new Promise<string | undefined>((resolve) => {
      child.once('error', (error) => resolve(`tcpdump did not start: ${error.message}`));
      child.stderr.on('data', (chunk: Buffer) => {
        capture.stderr += chunk.toString();
        if (capture.stderr.includes('listening on')) resolve(undefined);
      });
      void capture.exited.then(() => resolve(`tcpdump exited: ${capture.stderr.trim().split('\n').join(' ')}`));
    });
    return why ?? capture;
  }

  /** Sends the marker to `port`, waits (at most `timeoutMs`) until tcpdump has read it, stops it; once. */
  stop(port: number, timeoutMs = 15_000): Promise<CaptureEnd> {
    this.stopping ??= this.end(port, timeoutMs);
    return this.stopping;
  }

  private async end(port: number, timeoutMs: number): Promise<CaptureEnd> {
    await fetch(`http://127.0.0.1:${port}${MARKER}`, { method: 'POST' }).catch(() => undefined);
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
    const markerRead = await Promise.race([this.marker.then(() => true), timer]);
    this.child.kill('SIGINT');
    await this.exited;
    const dropped = /(\d+) packets? dropped by kernel/.exec(this.stderr)?.[1];
    return { dropped: dropped === undefined ? undefined : Number(dropped), markerRead };
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Every request read so far, in the order tcpdump printed them. */
  all(): readonly CapturedArrival[] {
    return this.reader.arrivals;
  }

  /** A reader of the capture as it grows: each call answers the requests read since its previous call. */
  follow(): () => readonly CapturedArrival[] {
    let read = 0;
    return () => {
      const fresh = this.reader.arrivals.slice(read);
      read += fresh.length;
      return fresh;
    };
  }

  arrivals(port: number): Arrival[] {
    return this.reader.arrivals.filter((a) => a.port === port).map(({ path, at }) => ({ path, at }));
  }
}
