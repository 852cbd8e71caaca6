/**
 * One HTTP exchange with the store, through got 14: no got retries (the client's own retry rules
 * apply), no thrown HTTP errors (classification is ours), timeouts on every phase, keep-alive
 * agents owned by the transport, and a cap on the answer's size (got has none: it buffers the
 * whole body, so the cap watches its download progress and cancels past it). Logs one debug
 * line per request: never headers, bodies or tokens.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got, { type Got } from 'got';
import type { Logger } from '../log.ts';
import { classifyTransportError, transportCodeOf, type TransportCode } from './classify.ts';
import type { StoreOperation } from './errors.ts';
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
  /** The most bytes of an answer's body (after decompression) read before the call fails. */
  maxAnswerBytes: number;
  /** Send `Authorization-Jwt: Jwt <token>` (the update-brand example) instead of the bare token. */
  jwtPrefix?: boolean;
  logger: Logger;
}

export class HttpTransport {
  private readonly httpAgent = new HttpAgent({ keepAlive: true });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true });
  /**
   * got with every option that is the same for all requests, merged once here: passed with each
   * request instead, got validated and merged them again per request (most of its per-request
   * option work in a 20,000-row profile, bench/scale.ts cpu part).
   */
  private readonly got: Got;

  constructor(private readonly options: HttpTransportOptions) {
    const { connectTimeoutMs, requestTimeoutMs } = options;
    this.got = got.extend({
      headers: { accept: 'application/json' },
      responseType: 'text',
      throwHttpErrors: false,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: {
        lookup: connectTimeoutMs,
        connect: connectTimeoutMs,
        secureConnect: connectTimeoutMs,
        request: requestTimeoutMs,
      },
      agent: { http: this.httpAgent, https: this.httpsAgent },
    });
  }

  /**
   * Sends one request. `onSent` is called exactly once: when the request has been written to the
   * socket, or when it failed before that (the rate gate counts requests from then).
   */
  async send(request: HttpRequest, onSent: () => void = () => {}): Promise<HttpOutcome> {
    let reported = false;
    const reportSent = () => {
      if (!reported) {
        reported = true;
        onSent();
      }
    };
    const { maxAnswerBytes, logger } = this.options;
    let oversized = false;
    let headStatus: number | undefined;
    const started = performance.now();
    try {
      const pending = this.got(`${this.options.baseUrl}${request.path}`, {
        method: request.method,
        headers:
          request.token === undefined
            ? {}
            : { 'authorization-jwt': this.options.jwtPrefix ? `Jwt ${request.token}` : request.token },
        json: request.json,
      });
      // `on` returns the same promise, awaited just below.
      void pending.on('request', (clientRequest) => {
        clientRequest.once('finish', reportSent);
        clientRequest.once('response', (incoming) => (headStatus = incoming.statusCode));
      });
      // `total` is the announced length, `transferred` what arrived so far (decompressed).
      void pending.on('downloadProgress', ({ transferred, total }) => {
        if (oversized || (transferred <= maxAnswerBytes && (total ?? 0) <= maxAnswerBytes)) return;
        oversized = true;
        pending.cancel();
      });
      const response = await pending;
      reportSent();
      if (logger.isLevelEnabled('debug'))
        logger.debug(
          logFields(request, { status: response.statusCode, ms: Math.round(performance.now() - started) }),
          'store request',
        );
      const retryAfter = response.headers['retry-after'];
      const empty = response.body.trim() === '';
      return { kind: 'answer', status: response.statusCode, body: parseJson(response.body), empty, retryAfter };
    } catch (error) {
      reportSent();
      if (oversized) {
        const ms = Math.round(performance.now() - started);
        logger.debug(logFields(request, { status: headStatus, ms }), 'store answer too large; not read');
        return { kind: 'oversized', status: headStatus, limitBytes: maxAnswerBytes };
      }
      // got's error carries the request options (headers, token): keep only its class and code.
      const code = classifyTransportError(error);
      const detail = transportCodeOf(error);
      const ms = Math.round(performance.now() - started);
      logger.debug(logFields(request, { error: detail, classified: code, ms }), 'store request failed');
      return { kind: 'transport', code, detail };
    }
  }

  /** Closes idle keep-alive sockets so a CLI process can exit at once. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/** A request's log fields, built only for a line that is written (at the default level, none is). */
function logFields(request: HttpRequest, more: Record<string, unknown>): Record<string, unknown> {
  return { op: request.operation, method: request.method, path: request.path, attempt: request.attempt, ...more };
}
