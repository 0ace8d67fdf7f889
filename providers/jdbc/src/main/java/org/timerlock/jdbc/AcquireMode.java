package org.timerlock.jdbc;

/** What an acquire statement writes and checks beyond ShedLock's four columns. */
enum AcquireMode {
  /**
   * The table has no {@code last_fire} and {@code fencing_token} columns (a ShedLock table), or the
   * database has no statements for them: the lease alone decides, and there is no token.
   */
  LEASE_ONLY,
  /** A plain call: a new fencing token; the latest granted fire is kept as it is. */
  PLAIN,
  /**
   * A request for a scheduled fire: refused unless the fire is after the latest granted one, which
   * it then becomes; a new fencing token.
   */
  FIRE
}
