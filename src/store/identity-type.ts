/**
 * Which store a batch belongs to (identity.ts): the type alone, importing nothing, so the
 * console's page reads the same shape in the browser (src/console/answers/batch.ts).
 */
export interface StoreIdentity {
  /**
   * The store's id in the stores file (`default` for the one store the environment configures):
   * a label for people, folders and metrics. Keys and the ledger go by the scope (URL and account),
   * so two deployments that both name a store `default` never share them.
   */
  id?: string | undefined;
  /** The base URL, as configured (no trailing slash). */
  url: string;
  /** The vendor account's e-mail. */
  account: string;
  /** The store's own name (`store_name`), once a login has said it. */
  name?: string | undefined;
}
