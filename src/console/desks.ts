/**
 * The stores the console serves now, one desk each (desk.ts), in the stores file's order (they
 * start several at a time, so the order they started in is any), and which of them a login sees (logins.ts). Stores come and go while the
 * console runs (src/deployment.ts follows the stores file); routes look their store up here on
 * every request, so a store added answers at once and a removed one is gone.
 */
import type { FastifyRequest } from 'fastify';
import type { StoreDesk } from './desk.ts';
import { sees, type Login } from './logins.ts';

export class Desks {
  private readonly byId = new Map<string, StoreDesk>();

  /** `order`: the stores file's ids in its order (a store not in it comes last). */
  constructor(private readonly order: () => readonly string[] = () => []) {}

  add(desk: StoreDesk): void {
    this.byId.set(desk.id, desk);
  }

  remove(id: string): void {
    this.byId.delete(id);
  }

  all(): StoreDesk[] {
    const order = this.order();
    const place = (desk: StoreDesk): number => {
      const at = order.indexOf(desk.id);
      return at < 0 ? order.length : at;
    };
    return [...this.byId.values()].sort((a, b) => place(a) - place(b));
  }

  /** The digests of the stores' own console tokens (the logins they open). */
  *tokens(): Iterable<Buffer> {
    for (const desk of this.byId.values()) if (desk.token) yield desk.token;
  }

  /** The stores `login` sees. */
  visibleTo(login: Login): StoreDesk[] {
    return this.all().filter((desk) => sees(login, desk.token));
  }

  /** The store with this id when `login` sees it (ids differ whatever their case, as in the stores file). */
  find(login: Login, id: string): StoreDesk | undefined {
    const wanted = id.toLowerCase();
    return this.visibleTo(login).find((desk) => desk.id.toLowerCase() === wanted);
  }
}

/** The store each store-scoped request is about, once scope.ts has found it. */
const deskOfRequest = new WeakMap<FastifyRequest, StoreDesk>();

export function assignDesk(request: FastifyRequest, desk: StoreDesk): void {
  deskOfRequest.set(request, desk);
}

/** The store a store-scoped route acts on (scope.ts found it before the route runs). */
export function deskOf(request: FastifyRequest): StoreDesk {
  const desk = deskOfRequest.get(request);
  if (!desk) throw new Error(`no store was found for ${request.routeOptions.url ?? 'this route'}`);
  return desk;
}
