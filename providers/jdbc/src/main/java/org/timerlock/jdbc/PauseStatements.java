package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.TimeZone;
import org.timerlock.core.spi.Printable;

/**
 * The admin's writes of the pause columns: set a pause on a lock's row, creating the row (free)
 * when the lock never ran, and end a pause in force. Every time is compared by the database clock,
 * the one the acquire statement judges the pause by.
 */
final class PauseStatements {

  private static final Calendar UTC_CALENDAR = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

  /**
   * The owner value of a row the admin creates to pause a lock that never ran: never an owner a
   * node writes (those are {@code <node-id>/<suffix>}), and free from the start.
   */
  static final String NEVER_HELD = "-";

  private final LockTable table;
  private final Dialect dialect;

  PauseStatements(LockTable table, Dialect dialect) {
    this.table = table;
    this.dialect = dialect;
  }

  /**
   * Who paused or resumed, as the paused_by column keeps it: escaped, so that it never forges a log
   * line or a row on an operator's page.
   *
   * @throws IllegalArgumentException when it is blank or longer than the column
   */
  static String checkedBy(String by, String method) {
    if (by == null || by.isBlank()) {
      throw new IllegalArgumentException(
          JdbcMessage.INVALID_PAUSE.text(
              "LockAdmin." + method + ": 'by' must name who did it, was '" + by + "'"));
    }
    String escaped = Printable.of(by);
    if (escaped.length() > TableDdl.PAUSED_BY_LENGTH) {
      throw new IllegalArgumentException(
          JdbcMessage.INVALID_PAUSE.text(
              "LockAdmin."
                  + method
                  + ": 'by' has "
                  + escaped.length()
                  + " characters (escaped), column "
                  + LockTable.PAUSED_BY
                  + " holds "
                  + TableDdl.PAUSED_BY_LENGTH
                  + ": '"
                  + Printable.shortened(by)
                  + "'"));
    }
    return escaped;
  }

  /**
   * Refuses an end that is not after the database's now.
   *
   * @throws IllegalArgumentException for such an end
   */
  void requireFuture(Connection connection, String name, Instant until) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(dialect.selectNow());
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      Instant now = rs.getTimestamp(1, (Calendar) UTC_CALENDAR.clone()).toInstant();
      if (!until.isAfter(now)) {
        throw new IllegalArgumentException(
            JdbcMessage.PAUSE_IN_PAST.text(
                "LockAdmin.pause('"
                    + Printable.shortened(name)
                    + "', until, by): until "
                    + until
                    + " is not after the database's now, "
                    + now
                    + ": pass a later instant, or null to pause until resumed"));
      }
    }
  }

  /** Sets the pause on the row, inserting a free row when the lock has none. */
  void pause(Connection connection, String storedName, Instant until, String by)
      throws SQLException {
    if (update(connection, storedName, until, by) == 1) {
      return;
    }
    String now = dialect.now();
    String insert =
        "INSERT INTO "
            + table.table()
            + " ("
            + table.name()
            + ", "
            + table.lockUntil()
            + ", "
            + table.lockedAt()
            + ", "
            + table.lockedBy()
            + ", "
            + LockTable.PAUSED_UNTIL
            + ", "
            + LockTable.PAUSED_BY
            + ") VALUES (?, "
            + now
            + ", "
            + now
            + ", ?, ?, ?)";
    try (PreparedStatement ps = connection.prepareStatement(insert)) {
      ps.setString(1, storedName);
      ps.setString(2, NEVER_HELD);
      setUntil(ps, 3, until);
      ps.setString(4, by);
      ps.executeUpdate();
    } catch (SQLException e) {
      if (!SqlErrors.isIntegrityViolation(e)) {
        throw e;
      }
      // The row exists: a node inserted it meanwhile, or the update counted an unchanged row
      // as 0 (MySQL's affected-rows mode).
      JdbcStore.rollbackIfInTransaction(connection);
      update(connection, storedName, until, by);
    }
  }

  /** Ends the pause in force, if any: 1 when there was one. */
  int resume(Connection connection, String storedName) throws SQLException {
    String sql =
        "UPDATE "
            + table.table()
            + " SET "
            + LockTable.PAUSED_UNTIL
            + " = NULL, "
            + LockTable.PAUSED_BY
            + " = NULL WHERE "
            + table.name()
            + " = ? AND NOT "
            + dialect.notPaused("");
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, storedName);
      return ps.executeUpdate();
    }
  }

  private int update(Connection connection, String storedName, Instant until, String by)
      throws SQLException {
    String sql =
        "UPDATE "
            + table.table()
            + " SET "
            + LockTable.PAUSED_UNTIL
            + " = ?, "
            + LockTable.PAUSED_BY
            + " = ? WHERE "
            + table.name()
            + " = ?";
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      setUntil(ps, 1, until);
      ps.setString(2, by);
      ps.setString(3, storedName);
      return ps.executeUpdate();
    }
  }

  private static void setUntil(PreparedStatement ps, int index, Instant until) throws SQLException {
    if (until == null) {
      ps.setNull(index, Types.TIMESTAMP);
    } else {
      // The time columns keep milliseconds, as every time the statements compute.
      Timestamp millis = Timestamp.from(until.truncatedTo(ChronoUnit.MILLIS));
      ps.setTimestamp(index, millis, (Calendar) UTC_CALENDAR.clone());
    }
  }
}
