/** POST /v1/authorization: credentials in, a JWT, its expiry and the vendor store out. */
import { INVALID_ACCESS, storeError, type Reply } from '../http.ts';
import type { StoreContext, StoreRoute } from './context.ts';

async function authorize(store: StoreContext, body: Record<string, unknown>): Promise<Reply> {
  if (body.email !== store.email || body.password !== store.password) return storeError(400, INVALID_ACCESS);
  const { token, exp } = await store.tokens.issue();
  return {
    status: 200,
    body: {
      status: true,
      message: 'Login successful',
      access_token: token,
      expires_in: store.expiresInStyle === 'absolute' ? exp : store.tokenTtlSeconds,
      user_info: store.userInfo,
    },
  };
}

export const authorizationRoute: StoreRoute = { methods: ['POST'], needsToken: false, handle: authorize };
