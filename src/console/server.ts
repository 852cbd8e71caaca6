/**
 * The console's HTTP server (Fastify): the login, /healthz and /metrics, the API and the page.
 * Everything but /healthz and the login page needs a token (bearer) or a session cookie, and
 * every state-changing request passes the Origin check. The agency's token sees every store, a
 * store's own token that store alone (logins.ts, scope.ts); /metrics and /queues, which show
 * every store, are the agency's. Request lines are not logged by Fastify: a login URL carries
 * the token in its query string; ours log the route pattern only.
 */
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Transport } from '../app.ts';
import type { Logger } from '../log.ts';
import { credentialOf, loginOf, rememberCredential, SESSION_COOKIE, Sessions, setSessionCookie } from './auth.ts';
import type { Desks } from './desks.ts';
import { EventStreams } from './event-streams.ts';
import type { HealthReport, PartState } from './health.ts';
import { loginLang, loginPage, pageAfterLogin, pageAsked } from './login-page.ts';
import { Logins } from './logins.ts';
import type { ConsoleMetrics } from './metrics.ts';
import { originVerdict } from './origin.ts';
import { registerGuide } from './guide-page.ts';
import { registerPages } from './pages.ts';
import { QUEUES_PATH } from './queues.ts';
import { registerStoreRoutes } from './scope.ts';
import { RequestError } from './request-error.ts';

export interface ConsoleDeps {
  /** The agency's token (CONSOLE_TOKEN): every store. */
  token: string;
  /** The stores served now; a store's own token (its desk's) opens that store alone. */
  desks: Desks;
  /** What /healthz answers (probed in the background, health.ts). */
  health: () => Promise<HealthReport>;
  /** A store's health at the last probe. */
  storeHealth: (id: string) => PartState | undefined;
  metrics: ConsoleMetrics;
  uploadLimitBytes: number;
  /** What the page says about how batches run. */
  mode: Transport;
  /** A rehearsal against the built-in sandbox store (`serve --sandbox`): the page says so. */
  sandbox?: boolean;
  /** A stores file's stores: the page names the store it acts on, and asks before a sync. */
  many: boolean;
  logger: Logger;
  /** More routes behind the same login (bull-board's /queues with Redis), the agency's alone. */
  extend?: (app: FastifyInstance) => Promise<void>;
  /**
   * Where browsers reach the console behind a proxy (CONSOLE_URL, an origin): the session
   * cookie is `Secure` when it is https, redirects name it in full, and it passes the Origin check.
   */
  publicUrl?: string | undefined;
}

/** Paths answered without a login. */
const PUBLIC = new Set(['/healthz', '/login', '/favicon.ico']);

export async function buildConsole(deps: ConsoleDeps): Promise<FastifyInstance> {
  const app = await consoleServer(deps.logger);
  const sessions = new Sessions();
  const logins = new Logins(deps.token, () => deps.desks.tokens());
  const { publicUrl } = deps;
  /** A path of the console as a link: absolute at the public address when there is one. */
  const link = (path: string): string => (publicUrl ? `${publicUrl}${path}` : path);
  const door: Door = { sessions, logins, publicUrl, link };
  guardRequests(app, door);
  logRequests(app);
  registerProbes(app, deps);
  registerLogin(app, door, deps.many);

  await registerStoreRoutes(app, {
    desks: deps.desks,
    uploadLimitBytes: deps.uploadLimitBytes,
    streams: new EventStreams(),
    health: (desk) => deps.storeHealth(desk.id),
  });
  registerGuide(app);
  registerPages(app, {
    mode: deps.mode,
    sandbox: deps.sandbox === true,
    many: deps.many,
    stores: (request) => {
      const login = loginOf(request);
      return login ? deps.desks.visibleTo(login) : [];
    },
  });
  await deps.extend?.(app);
  return app;
}

/** Who may come in, and where a path leads: what the guard and the login routes share. */
interface Door {
  sessions: Sessions;
  logins: Logins;
  publicUrl: string | undefined;
  link: (path: string) => string;
}

/** Fastify with its plugins (cookies, uploads, login forms) and our logger. */
async function consoleServer(logger: Logger): Promise<FastifyInstance> {
  // Typed as Fastify's base logger: pino's own type would make every route's type its own.
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // Closing is the console stopping: every connection goes, not only idle ones. Otherwise a
    // browser's open event stream, or a connection a client opened and never used (Node drops it
    // only at its headers timeout, after 60-90 s), holds `serve`'s SIGTERM and a test's close.
    forceCloseConnections: true,
  });
  await app.register(cookie);
  await app.register(multipart);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  return app;
}

/** Every request but the public ones needs a login, and a state-changing one passes the Origin check. */
function guardRequests(app: FastifyInstance, door: Door): void {
  const { sessions, logins, publicUrl, link } = door;
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request);
    const credential = credentialOf(request, logins, sessions);
    if (!PUBLIC.has(path) && credential === null) {
      if (isApi(path) || request.method !== 'GET') {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'login required: send Authorization: Bearer <token> (CONSOLE_TOKEN)' });
      }
      // A page asked in a language: its login form in the same one.
      const lang = (request.query as { lang?: unknown } | undefined)?.lang;
      return reply.redirect(link(loginFor(request.raw.url ?? '/', lang)), 303);
    }
    if (credential) rememberCredential(request, credential);
    // Every store's figures and queues: not a store's own login's (to it they do not exist).
    if (credential && !credential.login.agency && isAgencyOnly(path))
      return reply.code(404).send({ error: 'not found' });
    const verdict = originVerdict(
      request.method,
      request.headers.origin,
      request.headers.host,
      credential?.via ?? null,
      publicUrl,
    );
    if (verdict !== 'ok' && !(path === '/login' && verdict === 'no-origin')) {
      return reply.code(403).send({
        error:
          verdict === 'cross-site'
            ? 'refused: this request came from another site (Origin does not match)'
            : 'refused: a request that changes something needs an Origin header or the bearer token',
      });
    }
    return undefined;
  });
}

/** Each request logged by its route, and errors answered: a request's own as 4xx, ours as 500. */
function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: a query string may hold the login token.
    request.log.debug(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof RequestError) return reply.code(error.statusCode).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message });
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'console request failed');
    return reply.code(500).send({ error: 'internal error (see the console log)' });
  });
}

/** /healthz (public) and /metrics (the agency's). */
function registerProbes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get('/healthz', async (_request, reply) => {
    const report = await deps.health();
    return reply.code(report.status === 'ok' ? 200 : 503).send(report);
  });

  app.get('/metrics', async (_request, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );
}

/** The login form (GET with a token in the link, POST from the form) and the logout. */
function registerLogin(app: FastifyInstance, door: Door, many: boolean): void {
  const { sessions, logins, publicUrl, link } = door;
  app.get<{ Querystring: { token?: string; lang?: string; next?: string } }>('/login', async (request, reply) => {
    const offered = request.query.token;
    const login = logins.of(offered);
    const lang = loginLang(request);
    if (login) {
      setSessionCookie(reply, sessions.open(login), publicUrl);
      // Off to the page at once: the token leaves the address bar and the history entry.
      return reply.redirect(link(pageAfterLogin(request, lang, request.query.next)), 303);
    }
    return reply
      .type('text/html; charset=utf-8')
      .code(offered === undefined ? 200 : 401)
      .send(loginPage(request, lang, offered !== undefined, many));
  });

  app.post<{ Body: { token?: string; lang?: string; next?: string } }>('/login', async (request, reply) => {
    const login = logins.of(request.body?.token);
    const lang = loginLang(request, request.body?.lang);
    if (login) {
      setSessionCookie(reply, sessions.open(login), publicUrl);
      return reply.redirect(link(pageAfterLogin(request, lang, request.body?.next)), 303);
    }
    return reply
      .type('text/html; charset=utf-8')
      .code(401)
      .send(loginPage(request, lang, true, many));
  });

  app.post('/logout', async (request, reply) => {
    sessions.close(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect(link('/login'), 303);
  });
}

/**
 * The login form for a page asked without a session: in the language asked, and carrying the page
 * (`next`, an e-mail's link to a batch) so the login lands on it rather than on the home page.
 */
function loginFor(url: string, lang: unknown): string {
  const query = new URLSearchParams();
  if (lang === 'ar' || lang === 'en') query.set('lang', lang);
  const next = pageAsked(url);
  if (next !== null && next !== '/' && next !== `/?lang=${String(lang)}`) query.set('next', next);
  const text = query.toString();
  return text === '' ? '/login' : `/login?${text}`;
}

/** Routes that show every store at once: the agency login's alone. */
function isAgencyOnly(path: string): boolean {
  return path === '/metrics' || path === QUEUES_PATH || path.startsWith(`${QUEUES_PATH}/`);
}

/** Answered with 401 when not logged in (scripts); pages redirect to the login form instead. */
function isApi(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/queues/api/') || path === '/metrics';
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
