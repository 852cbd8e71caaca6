/**
 * A scheduled job the guard held (sync/guard.ts): it retires what its sheet no longer lists, and
 * that, or a price drop, is more than the store's GUARD_* settings let through unattended. Nothing
 * was sent; `schedule run` exits 2 naming why.
 */
export class JobHeldError extends Error {
  override readonly name = 'JobHeldError';
  readonly code = 'held_by_guard';
  constructor(
    readonly job: string,
    why: string,
  ) {
    super(`job ${job}: held by the guard, nothing sent: ${why}; check the sheet, then import it with --confirm`);
  }
}
