/**
 * One HTTP exchange with the store, on Node's own http/https modules: no retries here (the
 * client's own retry rules apply), no thrown HTTP errors (classification is ours), a timeout for
 * the connection (DNS, TCP, TLS) and one for the whole exchange, kept-alive connections owned by
 * the transport and never reused once idle too long (keep-alive.ts), and a cap on the answer's
 * size. Logs one debug line per request: never headers, bodies or tokens.
 *
 * Why not got, as the sheet download does (intake/job-source.ts): its per-request option work
 * and stream layers cost about 0.6 ms of CPU per request, a third of a local import's CPU
 * per row. At 50 ms store latency and 32 in flight that CPU is what kept rows from reaching the
 * store at the pace the slots allow (bench/scale.ts throughput, bench/RESULTS.md). undici does as
 * well as this file but reports no "request written" moment in its handler API, which the rate
 * gate counts from (`onSent`); ClientRequest's `finish` is that moment.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Logger } from '../log.ts';
import { classifyTransportError, transportCodeOf, type TransportCode } from './classify.ts';
import type { StoreOperation } from './errors.ts';
import { storePool, type StorePool } from './keep-alive.ts';
import { parseJson } from './parse.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface HttpRequest {
  operation: StoreOperation;
  method: HttpMethod;
  /** Path under the base URL, e.g. `/v1/create_product`. */
  path: string;
  /** JSON body; absent means no body. */
  json?: unknown;
  /** Access token; absent for authorization. */
  token?: string;
  /** Attempt number within the call, for the log line. */
  attempt: number;
}

export type HttpOutcome =
  | { kind: 'answer'; status: number; body: unknown; empty: boolean; retryAfter: string | undefined }
  | { kind: 'transport'; code: TransportCode; detail: string }
  /** The answer grew past maxAnswerBytes and was not read further; status when its head arrived. */
  | { kind: 'oversized'; status: number | undefined; limitBytes: number };

export interface HttpTransportOptions {
  baseUrl: string;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  /** The most bytes of an answer's body read before the call fails (no compression is asked for). */
  maxAnswerBytes: number;
  /** The longest a connection stays idle for reuse (keep-alive.ts); 0: a new one per request. */
  keepAliveMs: number;
  /** Send `Authorization-Jwt: Jwt <token>` (the update-brand example) instead of the bare token. */
  jwtPrefix?: boolean;
  logger: Logger;
}

/**
 * A phase that ran out of time. `event` names the phase as classify.ts reads it: `connect`
 * (DNS and TCP) and `secureConnect` (TLS) end before the request is written, `request` may not.
 */
export class TransportTimeout extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly event: 'connect' | 'secureConnect' | 'request') {
    super(`timeout (${event})`);
  }
}

/** Ends a request once: its outcome, the debug line's fields and message. */
type Settle = (outcome: HttpOutcome, fields: Record<string, unknown>, message: string) => void;

export class HttpTransport {
  private readonly secure: boolean;
  /** Keeps connections to the store open between requests, never too long; one store, one scheme. */
  private readonly pool: StorePool;
  private readonly start: typeof httpRequest;

  constructor(private readonly options: HttpTransportOptions) {
    this.secure = new URL(options.baseUrl).protocol === 'https:';
    this.pool = storePool(this.secure, options.keepAliveMs);
    this.start = this.secure ? httpsRequest : httpRequest;
  }

  /**
   * Sends one request. `onSent` is called exactly once: when the request has been written to the
   * socket, or when it failed before that (the rate gate counts requests from then).
   */
  send(request: HttpRequest, onSent: () => void = () => {}): Promise<HttpOutcome> {
    const started = performance.now();
    const log = (fields: Record<string, unknown>, message: string) => {
      if (this.options.logger.isLevelEnabled('debug'))
        this.options.logger.debug(
          logFields(request, { ...fields, ms: Math.round(performance.now() - started) }),
          message,
        );
    };
    let req: ClientRequest;
    let body: string | undefined;
    try {
      body = request.json === undefined ? undefined : JSON.stringify(request.json);
      req = this.open(request);
    } catch (error) {
      // A header Node refuses (a token with a line break, say): nothing left this machine.
      onSent();
      const detail = transportCodeOf(error);
      log({ error: detail, classified: 'NOT_SENT' }, 'store request not sent');
      return Promise.resolve({ kind: 'transport', code: 'NOT_SENT', detail });
    }
    return new Promise<HttpOutcome>((resolve) => {
      let settled = false;
      let reported = false;
      const reportSent = () => {
        if (reported) return;
        reported = true;
        onSent();
      };
      const settle: Settle = (outcome, fields, message) => {
        if (settled) return;
        settled = true;
        clearTimeout(whole);
        reportSent();
        log(fields, message);
        resolve(outcome);
      };
      const fail = (error: unknown) => {
        // Node's errors carry no request data; only the code and class are kept anyway.
        const code = classifyTransportError(error);
        const detail = transportCodeOf(error);
        settle({ kind: 'transport', code, detail }, { error: detail, classified: code }, 'store request failed');
        req.destroy();
      };
      const whole = setTimeout(() => fail(new TransportTimeout('request')), this.options.requestTimeoutMs);
      req.once('socket', (socket: Socket) => this.watchConnect(socket, fail));
      req.once('finish', reportSent);
      req.on('error', fail);
      req.once('response', (answer: IncomingMessage) => this.read(answer, req, settle, fail));
      req.end(body);
    });
  }

  /** Closes idle keep-alive sockets so a CLI process can exit at once. */
  close(): void {
    this.pool.agent.destroy();
  }

  private open(request: HttpRequest): ClientRequest {
    const url = new URL(`${this.options.baseUrl}${request.path}`);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'catalog-sync' };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    if (request.token !== undefined)
      headers['authorization-jwt'] = this.options.jwtPrefix ? `Jwt ${request.token}` : request.token;
    // The request takes a free connection as it is made: one idle too long, which a late timer
    // left in the pool, is closed first, so a write never meets the store closing it.
    this.pool.dropIdle();
    return this.start(url, { method: request.method, headers, agent: this.pool.agent });
  }

  /** A new connection (not a kept-alive one) must be up, TLS included, within the connect timeout. */
  private watchConnect(socket: Socket, fail: (error: unknown) => void): void {
    if (!socket.connecting) return;
    const event = this.secure ? 'secureConnect' : 'connect';
    const timer = setTimeout(() => fail(new TransportTimeout(event)), this.options.connectTimeoutMs);
    socket.once(event, () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  }

  /** Reads the answer up to maxAnswerBytes (the announced length is checked first). */
  private read(answer: IncomingMessage, req: ClientRequest, settle: Settle, fail: (error: unknown) => void): void {
    const { maxAnswerBytes } = this.options;
    const status = answer.statusCode ?? 0;
    const tooLarge = () => {
      settle({ kind: 'oversized', status, limitBytes: maxAnswerBytes }, { status }, 'store answer too large; not read');
      req.destroy();
    };
    if (Number(answer.headers['content-length'] ?? 0) > maxAnswerBytes) return tooLarge();
    const chunks: Buffer[] = [];
    let bytes = 0;
    answer.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxAnswerBytes) return tooLarge();
      chunks.push(chunk);
    });
    // A connection dropped mid-answer ends here (ECONNRESET), not in `end`.
    answer.on('error', fail);
    answer.once('end', () => {
      const text = Buffer.concat(chunks, bytes).toString('utf8');
      const retryAfter = answer.headers['retry-after'];
      const empty = text.trim() === '';
      settle({ kind: 'answer', status, body: parseJson(text), empty, retryAfter }, { status }, 'store request');
    });
  }
}

/** A request's log fields, built only for a line that is written (at the default level, none is). */
function logFields(request: HttpRequest, more: Record<string, unknown>): Record<string, unknown> {
  return { op: request.operation, method: request.method, path: request.path, attempt: request.attempt, ...more };
}
