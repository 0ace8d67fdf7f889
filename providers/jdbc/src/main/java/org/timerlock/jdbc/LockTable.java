package org.timerlock.jdbc;

import java.util.regex.Pattern;

/**
 * The validated names of the lock table and its four columns. Only plain SQL identifiers are
 * accepted (letters, digits, {@code _} and {@code $}, not starting with a digit); the table may be
 * qualified by a schema, so that nothing but checked identifiers is ever put into SQL text.
 */
record LockTable(String table, String name, String lockUntil, String lockedAt, String lockedBy) {

  /** The column of the latest granted fire, epoch milliseconds; not in ShedLock's tables. */
  static final String LAST_FIRE = "last_fire";

  /** The column of the latest fencing token; not in ShedLock's tables. */
  static final String FENCING_TOKEN = "fencing_token";

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
