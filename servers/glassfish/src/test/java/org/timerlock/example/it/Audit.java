package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * What the application wrote to its audit tables and the lock table, read from the test's own
 * connections. The servers write on their own threads: the tests poll these reads with a deadline.
 */
final class Audit {

  /** One run of a job. */
  record Run(
      long id,
      String job,
      String node,
      Instant fire,
      String thread,
      boolean locked,
      boolean inTransaction,
      Instant started,
      Instant ended) {}

  /** One lock event. */
  record Event(String lock, String kind, String node, Instant fire, String thread, Instant at) {}

  /** The lock table's row of one lock. */
  record LockRow(String lockedBy, Instant lockedAt, Instant lockUntil) {}

  private final IsolatedDatabase db;

  Audit(IsolatedDatabase db) {
    this.db = db;
  }

  /** The runs of a job that started at or after an instant, in the order they started. */
  List<Run> runs(String job, Instant since) throws SQLException {
    List<Run> runs = new ArrayList<>();
    try (Connection c = db.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT id, job, node, fire, thread, locked, in_tx, started, ended FROM job_runs"
                    + " WHERE job = ? AND started >= ? ORDER BY started, id")) {
      s.setString(1, job);
      s.setObject(2, utc(since));
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          runs.add(
              new Run(
                  r.getLong(1),
                  r.getString(2),
                  r.getString(3),
                  instant(r, 4),
                  r.getString(5),
                  r.getBoolean(6),
                  r.getBoolean(7),
                  instant(r, 8),
                  instant(r, 9)));
        }
      }
    }
    return runs;
  }

  /** The events of a lock of one kind at or after an instant, in order. */
  List<Event> events(String lock, String kind, Instant since) throws SQLException {
    List<Event> events = new ArrayList<>();
    try (Connection c = db.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT lock_name, kind, node, fire, thread, at FROM lock_events"
                    + " WHERE lock_name = ? AND kind = ? AND at >= ? ORDER BY at, id")) {
      s.setString(1, lock);
      s.setString(2, kind);
      s.setObject(3, utc(since));
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          events.add(
              new Event(
                  r.getString(1),
                  r.getString(2),
                  r.getString(3),
                  instant(r, 4),
                  r.getString(5),
                  instant(r, 6)));
        }
      }
    }
    return events;
  }

  /** The lock table's row of a lock. */
  LockRow lockRow(String lock) throws SQLException {
    try (Connection c = db.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT locked_by, locked_at, lock_until FROM shedlock WHERE name = ?")) {
      s.setString(1, lock);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return fail("no row for " + lock + " in shedlock");
        }
        return new LockRow(
            r.getString(1), r.getTimestamp(2).toInstant(), r.getTimestamp(3).toInstant());
      }
    }
  }

  /**
   * Polls a condition until it holds.
   *
   * @param what what is awaited, for the failure message
   * @param within the deadline
   * @param condition the check
   */
  static void await(String what, Duration within, Callable<Boolean> condition) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        fail("timed out after " + within.toSeconds() + " s waiting for: " + what);
      }
      Thread.sleep(200);
    }
  }

  private static Instant instant(ResultSet r, int column) throws SQLException {
    OffsetDateTime value = r.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }
}
