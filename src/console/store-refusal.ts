/**
 * A console's refusal of a batch because of its store, in the operator's words and the request's
 * language. The error's own message is the CLI's (it names flags and settings: `--store <id>`,
 * STORE_URL); an operator on the page has no terminal, so the answer says what they can do there.
 */
import type { FastifyRequest } from 'fastify';
import { messageText } from '../messages/index.ts';
import type { StoreIdentity } from '../store/identity-type.ts';
import type { OtherStoreError } from '../sync/batch-store.ts';
import { requestLang } from './request-lang.ts';

/** What was asked of the batch: re-sending its failed rows, or settling its unknown creates. */
export type StoreRefusedAction = 'rerun' | 'reconcile';

export function storeRefusalText(
  error: OtherStoreError,
  action: StoreRefusedAction,
  batch: string,
  store: StoreIdentity,
  request: FastifyRequest,
): string {
  const lang = requestLang(request);
  if (error.batchStore === null)
    return messageText(`batch_store.unrecorded_${action}`, { batch, store: store.name ?? store.url }, lang);
  return messageText(
    'batch_store.other_store',
    { batch, batch_store: storeLabel(error.batchStore), store: storeLabel(store) },
    lang,
  );
}

/** A store as an operator knows it: its name, with its address and account to tell two apart. */
function storeLabel(store: StoreIdentity): string {
  const where = `${store.url}, ${store.account}`;
  return store.name ? `${store.name} (${where})` : where;
}
