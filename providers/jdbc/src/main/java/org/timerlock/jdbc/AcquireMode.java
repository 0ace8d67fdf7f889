package org.timerlock.jdbc;

/**
 * What an acquire statement writes and checks beyond ShedLock's four columns: the fire and token
 * columns where the table has them, and the operator's pause where it has the pause columns. Each
 * mode is one statement per dialect, composed once.
 */
enum AcquireMode {
  /**
   * The table has no {@code last_fire} and {@code fencing_token} columns (a ShedLock table), or the
   * database has no statements for them: the lease alone decides, and there is no token.
   */
  LEASE_ONLY(false, false, false),
  /** A plain call: a new fencing token; the latest granted fire is kept as it is. */
  PLAIN(true, false, false),
  /**
   * A request for a scheduled fire: refused unless the fire is after the latest granted one, which
   * it then becomes; a new fencing token.
   */
  FIRE(true, true, false),
  /** {@link #LEASE_ONLY}, refused while the lock is paused. */
  LEASE_ONLY_PAUSABLE(false, false, true),
  /** {@link #PLAIN}, refused while the lock is paused. */
  PLAIN_PAUSABLE(true, false, true),
  /** {@link #FIRE}, refused while the lock is paused. */
  FIRE_PAUSABLE(true, true, true);

  private final boolean tokens;
  private final boolean fire;
  private final boolean pauses;

  AcquireMode(boolean tokens, boolean fire, boolean pauses) {
    this.tokens = tokens;
    this.fire = fire;
    this.pauses = pauses;
  }

  /**
   * The mode of one attempt.
   *
   * @param tokens whether the table has the fire and token columns and the dialect statements for
   *     them
   * @param fire whether the attempt carries a fire (needs tokens)
   * @param pauses whether the table has the pause columns
   */
  static AcquireMode of(boolean tokens, boolean fire, boolean pauses) {
    for (AcquireMode mode : values()) {
      if (mode.tokens == tokens && mode.fire == (tokens && fire) && mode.pauses == pauses) {
        return mode;
      }
    }
    throw new AssertionError("every combination has a mode");
  }

  /** Whether the statement writes a fencing token (and has the fire column). */
  boolean tokens() {
    return tokens;
  }

  /** Whether the statement carries a fire and the fire guard. */
  boolean fire() {
    return fire;
  }

  /** Whether the statement refuses a paused lock, and says so. */
  boolean pauses() {
    return pauses;
  }
}
