package org.timerlock.jdbc;

/** The columns of the history table, which TimerLock alone writes: fixed names. */
final class HistoryColumns {

  /** The record's number, from the database's identity column: the order records were written. */
  static final String ID = "id";

  /** The lock name, as stored in the lock table. */
  static final String NAME = "name";

  /** The fire the run served, or the missed slot, epoch milliseconds; null for a plain call. */
  static final String FIRE = "fire";

  /** The node that ran it, or whose watch found the slot missed. */
  static final String NODE = "node";

  /** When the lock was taken (for a missed slot: when it was found), by the database clock. */
  static final String STARTED = "started";

  /** When the release reached the database (for a missed slot: when it was found). */
  static final String ENDED = "ended";

  /** The name of the RunOutcome. */
  static final String OUTCOME = "outcome";

  /** The name of the RunKind. */
  static final String KIND = "kind";

  /** The failed run's exception class. */
  static final String ERROR_CLASS = "error_class";

  /** The failed run's message, escaped, without credentials, bounded (RunEnd.failed). */
  static final String ERROR_MESSAGE = "error_message";

  /** Every column, in the order of the CREATE TABLE and of every INSERT. */
  static final String ALL =
      String.join(
          ", ", NAME, FIRE, NODE, STARTED, ENDED, OUTCOME, KIND, ERROR_CLASS, ERROR_MESSAGE);

  /** The suffix of the history table's name after the lock table's. */
  static final String TABLE_SUFFIX = "_history";

  private HistoryColumns() {}
}
