// Its own module, importing nothing: the console's page reads it in the browser (src/console/answers/reconcile.ts).

/**
 * `none_landed`: the category rose by exactly the confirmed creates, so none of its unknown creates
 * happened; `all_landed`: it rose by every one of them; `unclear`: the counts leave doubt;
 * `no_unknown`: nothing to decide.
 */
export type Verdict = 'none_landed' | 'all_landed' | 'unclear' | 'no_unknown';
