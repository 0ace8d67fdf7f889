package org.timerlock.jdbc;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The validated names of the lock table and its four ShedLock columns, and the fixed names of the
 * optional columns TimerLock adds. Only plain SQL identifiers are accepted (letters, digits, {@code
 * _} and {@code $}, not starting with a digit); the table may be qualified by a schema, so that
 * nothing but checked identifiers is ever put into SQL text.
 */
record LockTable(String table, String name, String lockUntil, String lockedAt, String lockedBy) {

  /** The column of the latest granted fire, epoch milliseconds; not in ShedLock's tables. */
  static final String LAST_FIRE = "last_fire";

  /** The column of the latest fencing token; not in ShedLock's tables. */
  static final String FENCING_TOKEN = "fencing_token";

  /** The fire the last ended run served, epoch milliseconds, null for a plain call. */
  static final String LAST_RUN_FIRE = "last_run_fire";

  /** The owner value of the last ended run, copied from {@code locked_by} by its release. */
  static final String LAST_RUN_BY = "last_run_by";

  /** When the last ended run took (or last extended) its lock: its {@code locked_at}. */
  static final String LAST_RUN_STARTED = "last_run_started";

  /** When the release of the last ended run reached the database, by its clock. */
  static final String LAST_RUN_ENDED = "last_run_ended";

  /** {@code SUCCEEDED}, {@code FAILED} or {@code LOCK_LOST}: the name of its RunOutcome. */
  static final String LAST_RUN_OUTCOME = "last_run_outcome";

  /** For a failure, the exception's class, then {@code ": "} and its safe message, if any. */
  static final String LAST_RUN_ERROR = "last_run_error";

  /**
   * The columns of the last run, in the order of the CREATE TABLE; not in ShedLock's tables nor in
   * TimerLock's tables from before they were added, which work on without them.
   */
  static final List<String> LAST_RUN_COLUMNS =
      List.of(
          LAST_RUN_FIRE,
          LAST_RUN_BY,
          LAST_RUN_STARTED,
          LAST_RUN_ENDED,
          LAST_RUN_OUTCOME,
          LAST_RUN_ERROR);

  /**
   * What started the last ended run: the name of its RunKind. Optional on its own: a table from
   * before it records runs without it, which then read as {@code SCHEDULED}.
   */
  static final String LAST_RUN_KIND = "last_run_kind";

  /**
   * When an operator's pause ends by the database clock; null with {@link #PAUSED_BY} set for a
   * pause until resumed.
   */
  static final String PAUSED_UNTIL = "paused_until";

  /** Who paused the lock, escaped and bounded; null when the lock is not paused. */
  static final String PAUSED_BY = "paused_by";

  /** The pause columns; not in ShedLock's tables, whose locks then cannot be paused. */
  static final List<String> PAUSE_COLUMNS = List.of(PAUSED_UNTIL, PAUSED_BY);

  /** What {@link #isIdentifier} accepts, for messages. */
  static final String IDENTIFIER_RULE =
      "an SQL identifier (letters, digits, _ or $, not starting with a digit)";

  /** What {@link #isTableName} accepts, for messages. */
  static final String TABLE_RULE =
      IDENTIFIER_RULE + ", optionally qualified by a schema as in 'locks.shedlock'";

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]{0,127}");

  LockTable {
    requireTable(table, "table");
    requireIdentifier(name, "name column");
    requireIdentifier(lockUntil, "lock_until column");
    requireIdentifier(lockedAt, "locked_at column");
    requireIdentifier(lockedBy, "locked_by column");
  }

  static LockTable shedLockLayout(String table) {
    return new LockTable(table, "name", "lock_until", "locked_at", "locked_by");
  }

  /**
   * The schema part of a qualified table name.
   *
   * @return the schema, or null when the name is not qualified
   */
  String schemaPart() {
    int dot = table.indexOf('.');
    return dot < 0 ? null : table.substring(0, dot);
  }

  /**
   * The table name without its schema.
   *
   * @return the bare table name
   */
  String tablePart() {
    int dot = table.indexOf('.');
    return dot < 0 ? table : table.substring(dot + 1);
  }

  static boolean isIdentifier(String value) {
    return value != null && IDENTIFIER.matcher(value).matches();
  }

  static boolean isTableName(String value) {
    if (value == null) {
      return false;
    }
    String[] parts = value.split("\\.", -1);
    if (parts.length > 2) {
      return false;
    }
    for (String part : parts) {
      if (!isIdentifier(part)) {
        return false;
      }
    }
    return true;
  }

  /** Throws when {@code value} is not a plain, optionally schema-qualified, table name. */
  static void requireTable(String value, String what) {
    require(isTableName(value), what, value, TABLE_RULE);
  }

  private static void requireIdentifier(String value, String what) {
    require(isIdentifier(value), what, value, IDENTIFIER_RULE);
  }

  private static void require(boolean valid, String what, String value, String rule) {
    if (!valid) {
      throw new IllegalArgumentException(
          JdbcMessage.INVALID_ARGUMENT.text(
              "Invalid " + what + " name '" + value + "': expected " + rule));
    }
  }
}
