package org.timerlock.jdbc;

/**
 * What an acquire statement learned about the lock row.
 *
 * @param owner the row's owner value after the statement; null when the statement does not say
 * @param fencingToken the row's fencing token after the statement; null when there is none
 * @param lastFire the latest granted fire in epoch milliseconds; null when none or unknown
 * @param paused whether an operator's pause was in force, by the database clock; false when unknown
 *     or the table has no pause columns
 */
record RowState(String owner, Long fencingToken, Long lastFire, boolean paused) {

  /** Nothing learned. */
  static final RowState UNKNOWN = new RowState(null, null, null, false);
}
