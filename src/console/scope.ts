/**
 * Which store a route acts on. The store-scoped API (api.ts, panels-api.ts, notify-api.ts) is
 * served twice: under `/api/stores/{id}/...` for any store the login sees, and under `/api/...`
 * for the one store a login sees (a store's own login, or a console of one store), as before
 * there were many. A store the login does not see answers 404, as a store that does not exist
 * would: to that login it does not. `GET /api/stores` lists the stores the login sees.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerApi } from './api.ts';
import { loginOf } from './auth.ts';
import type { StoreDesk } from './desk.ts';
import { assignDesk, type Desks } from './desks.ts';
import type { EventStreams } from './event-streams.ts';
import type { PartState } from './health.ts';
import { registerNotifyApi } from './notify-api.ts';
import { registerPanelsApi } from './panels-api.ts';

export const STORE_SCOPE = '/api/stores/:store';

export interface ScopeDeps {
  desks: Desks;
  uploadLimitBytes: number;
  streams: EventStreams;
  /** A store's health at the last probe (health.ts), undefined before its first. */
  health: (desk: StoreDesk) => PartState | undefined;
}

/** What `GET /api/stores` says of a store: no secret, no account. */
interface StoreListing {
  id: string;
  url: string;
  /** The store's own name (and its Arabic one), once a login has said it; else null. */
  name: string | null;
  nameAr: string | null;
  /** Whether the store answered at the console's last look; null before its first. */
  health: 'up' | 'down' | null;
}

function storeListing(desk: StoreDesk, health: PartState | undefined): StoreListing {
  const names = desk.names();
  return {
    id: desk.id,
    url: desk.store.url,
    name: names?.en || null,
    nameAr: names?.ar || null,
    health: health === 'up' || health === 'down' ? health : null,
  };
}

export async function registerStoreRoutes(app: FastifyInstance, deps: ScopeDeps): Promise<void> {
  app.get('/api/stores', (request, reply) => {
    const login = loginOf(request);
    const seen = login ? deps.desks.visibleTo(login) : [];
    return reply.send(seen.map((desk) => storeListing(desk, deps.health(desk))));
  });
  for (const prefix of ['/api', STORE_SCOPE]) {
    await app.register(
      (scope, _options, done) => {
        scope.addHook('onRequest', (request, reply, next) => {
          if (findStore(request, reply, deps.desks)) next();
        });
        registerApi(scope, { uploadLimitBytes: deps.uploadLimitBytes, streams: deps.streams });
        registerPanelsApi(scope);
        registerNotifyApi(scope);
        done();
      },
      { prefix },
    );
  }
}

/**
 * Finds the route's store among those the login sees (true), or answers 404 (false), before any
 * body is read.
 */
function findStore(request: FastifyRequest, reply: FastifyReply, desks: Desks): boolean {
  const login = loginOf(request);
  const id = (request.params as { store?: string }).store;
  if (id !== undefined) {
    const desk = login ? desks.find(login, id) : undefined;
    if (desk) assignDesk(request, desk);
    else void reply.code(404).send({ error: `no store "${id.slice(0, 64)}" (GET /api/stores lists yours)` });
    return desk !== undefined;
  }
  const seen = login ? desks.visibleTo(login) : [];
  if (seen.length === 1) {
    assignDesk(request, seen[0]!);
    return true;
  }
  const path = (request.raw.url ?? '')
    .split('?')[0]!
    .replace(/^\/api/, '')
    .slice(0, 200);
  void reply.code(404).send({
    error:
      seen.length === 0
        ? 'no store is served for this login now'
        : `this login sees ${seen.length} stores: name one, /api/stores/{id}${path} (GET /api/stores lists them)`,
  });
  return false;
}
