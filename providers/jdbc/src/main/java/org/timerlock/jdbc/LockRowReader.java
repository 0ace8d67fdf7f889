package org.timerlock.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Calendar;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPause;
import org.timerlock.core.admin.RunRecord;

/**
 * Reads {@link LockInfo}s from the rows of {@code SELECT tl.*, <held>, <now> FROM <table> tl}:
 * every column the table has, then whether the lock is held, then the database's now, against which
 * a pause's end is judged. The columns are found by name in the result's own metadata, so one query
 * reads a ShedLock table, a table with the fire and token columns, and one with the columns of the
 * last run, without asking the database which it is.
 */
final class LockRowReader {

  /** The time columns hold the database's UTC time without a zone. */
  private static final ThreadLocal<Calendar> UTC =
      ThreadLocal.withInitial(() -> Calendar.getInstance(TimeZone.getTimeZone("UTC")));

  private final Dialect dialect;
  private final LockTable table;
  private final Map<String, Integer> columns = new HashMap<>();
  private final int held;
  private final int now;

  LockRowReader(ResultSet rs, Dialect dialect, LockTable table) throws SQLException {
    this.dialect = dialect;
    this.table = table;
    ResultSetMetaData md = rs.getMetaData();
    now = md.getColumnCount();
    held = now - 1;
    for (int i = held - 1; i >= 1; i--) {
      columns.put(md.getColumnName(i).toLowerCase(Locale.ROOT), i);
    }
  }

  /** The name as stored, the cursor of a listing. */
  String storedName(ResultSet rs) throws SQLException {
    return rs.getString(index(table.name()));
  }

  LockInfo read(ResultSet rs) throws SQLException {
    LockInfo lock =
        new LockInfo(
            dialect.nameAsGiven(storedName(rs)),
            rs.getString(index(table.lockedBy())),
            time(rs, table.lockedAt()),
            time(rs, table.lockUntil()),
            rs.getInt(held) == 1);
    Long lastFire = has(LockTable.LAST_FIRE) ? number(rs, LockTable.LAST_FIRE) : null;
    return lock.withHistory(lastFire == null ? null : Instant.ofEpochMilli(lastFire), lastRun(rs))
        .withPause(pause(rs))
        .withFencingToken(
            // Null on a ShedLock table, and on a row only paused, never taken.
            has(LockTable.FENCING_TOKEN) ? number(rs, LockTable.FENCING_TOKEN) : null);
  }

  /**
   * The pause in force at the database's now; null where the table has no pause columns, or none
   * was set, or its end has passed.
   */
  private LockPause pause(ResultSet rs) throws SQLException {
    if (!has(LockTable.PAUSED_BY) || !has(LockTable.PAUSED_UNTIL)) {
      return null;
    }
    String by = rs.getString(index(LockTable.PAUSED_BY));
    if (by == null) {
      return null;
    }
    Instant until = time(rs, LockTable.PAUSED_UNTIL);
    Timestamp now = rs.getTimestamp(this.now, UTC.get());
    return until == null || until.isAfter(now.toInstant()) ? new LockPause(until, by) : null;
  }

  /** The kind of the last run; SCHEDULED where the table has no kind column or none was written. */
  private RunKind kind(ResultSet rs) throws SQLException {
    if (has(LockTable.LAST_RUN_KIND)) {
      String stored = rs.getString(index(LockTable.LAST_RUN_KIND));
      for (RunKind kind : RunKind.values()) {
        if (stored != null && kind.name().equals(stored.trim())) {
          return kind;
        }
      }
    }
    return RunKind.SCHEDULED;
  }

  /** The last run, or null where the table has no run columns or no run ended yet. */
  private RunRecord lastRun(ResultSet rs) throws SQLException {
    for (String column : LockTable.LAST_RUN_COLUMNS) {
      if (!has(column)) {
        return null;
      }
    }
    String by = rs.getString(index(LockTable.LAST_RUN_BY));
    Instant started = time(rs, LockTable.LAST_RUN_STARTED);
    Instant ended = time(rs, LockTable.LAST_RUN_ENDED);
    RunOutcome outcome = outcome(rs.getString(index(LockTable.LAST_RUN_OUTCOME)));
    if (by == null || started == null || ended == null || outcome == null) {
      return null;
    }
    Long fire = number(rs, LockTable.LAST_RUN_FIRE);
    String error = rs.getString(index(LockTable.LAST_RUN_ERROR));
    int colon = error == null ? -1 : error.indexOf(": ");
    return new RunRecord(
        fire == null ? null : Instant.ofEpochMilli(fire),
        OwnerIds.nodeIdOf(by),
        started,
        ended,
        outcome,
        kind(rs),
        colon < 0 ? error : error.substring(0, colon),
        colon < 0 ? null : error.substring(colon + 2));
  }

  /** The outcome a release wrote; null for anything else, which no release writes. */
  private static RunOutcome outcome(String stored) {
    if (stored != null) {
      // Trimmed: Derby pads the CASE's literals to the longest.
      String trimmed = stored.trim();
      for (RunOutcome outcome : RunOutcome.values()) {
        if (outcome.name().equals(trimmed)) {
          return outcome;
        }
      }
    }
    return null;
  }

  private boolean has(String column) {
    return columns.containsKey(column.toLowerCase(Locale.ROOT));
  }

  private int index(String column) throws SQLException {
    Integer index = columns.get(column.toLowerCase(Locale.ROOT));
    if (index == null) {
      throw new SQLException("No column " + column + " in lock table " + table.table());
    }
    return index;
  }

  private Instant time(ResultSet rs, String column) throws SQLException {
    Timestamp timestamp = rs.getTimestamp(index(column), UTC.get());
    return timestamp == null ? null : timestamp.toInstant();
  }

  private Long number(ResultSet rs, String column) throws SQLException {
    long value = rs.getLong(index(column));
    return rs.wasNull() ? null : value;
  }
}
