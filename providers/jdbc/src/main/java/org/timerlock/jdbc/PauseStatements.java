package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.TimeZone;
import org.timerlock.core.spi.PauseArguments;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

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
   * Refuses an end that is not after the database's now, the clock the acquire statement judges the
   * pause by.
   *
   * @throws IllegalArgumentException for such an end
   */
  void requireFuture(Connection connection, String name, Instant until) throws SQLException {
    PauseArguments.until(name, until, now(connection, dialect));
  }

  /** The database's now ({@link Dialect#selectNow()}), read in one query. */
  static Instant now(Connection connection, Dialect dialect) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(dialect.selectNow());
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getTimestamp(1, (Calendar) UTC_CALENDAR.clone()).toInstant();
    }
  }

  /** Sets the pause on the row, inserting a free row when the lock has none. */
  void pause(Connection connection, String storedName, Instant until, String by)
      throws SQLException {
    Values values = new Values(storedName, null, null, null);
    if (run(connection, update(until, by), values) == 1) {
      return;
    }
    String now = dialect.now();
    Builder insert = new Builder();
    insert.sql("INSERT INTO " + table.table() + " (" + table.name() + ", " + table.lockUntil());
    insert.sql(", " + table.lockedAt() + ", " + table.lockedBy() + ", " + LockTable.PAUSED_UNTIL);
    insert.sql(", " + LockTable.PAUSED_BY + ") VALUES (").name();
    insert.sql(", " + now + ", " + now + ", ").param(v -> NEVER_HELD).sql(", ");
    until(insert, until);
    insert.sql(", ").param(v -> by).sql(")");
    try {
      run(connection, insert.build(), values);
    } catch (SQLException e) {
      if (!SqlErrors.isIntegrityViolation(e)) {
        throw e;
      }
      // The row exists: a node inserted it meanwhile, or the update counted an unchanged row
      // as 0 (MySQL's affected-rows mode).
      JdbcStore.rollbackIfInTransaction(connection);
      run(connection, update(until, by), values);
    }
  }

  /** Ends the pause in force, if any: 1 when there was one. */
  int resume(Connection connection, String storedName) throws SQLException {
    Builder resume = new Builder();
    resume.sql("UPDATE " + table.table() + " SET " + LockTable.PAUSED_UNTIL + " = NULL, ");
    resume.sql(LockTable.PAUSED_BY + " = NULL WHERE " + table.name() + " = ").name();
    resume.sql(" AND NOT " + dialect.notPaused(""));
    return run(connection, resume.build(), new Values(storedName, null, null, null));
  }

  private SqlStatement update(Instant until, String by) {
    Builder b = new Builder();
    b.sql("UPDATE " + table.table() + " SET " + LockTable.PAUSED_UNTIL + " = ");
    until(b, until);
    b.sql(", " + LockTable.PAUSED_BY + " = ").param(v -> by);
    b.sql(" WHERE " + table.name() + " = ").name();
    return b.build();
  }

  /** The end of the pause, cut to milliseconds as every stored time; NULL until resumed. */
  private void until(Builder b, Instant until) {
    if (until == null) {
      b.sql("NULL");
    } else {
      dialect.instant(b, until.truncatedTo(ChronoUnit.MILLIS));
    }
  }

  private static int run(Connection connection, SqlStatement statement, Values values)
      throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(statement.sql())) {
      statement.bind(ps, values);
      return ps.executeUpdate();
    }
  }
}
