/** What store routes get: the store's data and settings, and the request's parsed body. */
import type { TokenIssuer } from '../jwt.ts';
import type { Reply } from '../http.ts';
import type { SandboxState } from '../state.ts';

export interface StoreContext {
  state: SandboxState;
  tokens: TokenIssuer;
  email: string;
  password: string;
  tokenTtlSeconds: number;
  expiresInStyle: 'absolute' | 'duration';
  userInfo: Record<string, unknown>;
  noTaxes: boolean;
}

export interface StoreRoute {
  methods: readonly string[];
  /** False only for authorization: every other operation needs a valid token. */
  needsToken: boolean;
  handle(store: StoreContext, body: Record<string, unknown>): Reply | Promise<Reply>;
}
