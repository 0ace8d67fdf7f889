package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * The table {@code executions}, where {@link Recorder} records every run of a cluster job, read
 * from the test's own connections. The two-node scenarios judge the nodes by it alone, so the
 * queries and the waiting for runs to end live here, apart from the scenarios.
 */
final class ExecutionsTable {

  /** One recorded run; {@code ended} is null while it runs, and forever when its node died. */
  record Run(
      long id, String node, Instant fire, Instant started, Instant ended, boolean inTransaction) {}

  private static final Duration PATIENCE = Duration.ofSeconds(60);

  private final IsolatedDatabase db;

  ExecutionsTable(IsolatedDatabase db) {
    this.db = db;
  }

  /**
   * A schema of its own with the executions table, dropped when the test JVM ends.
   *
   * @param testClass names the schema
   * @return the schema
   */
  static IsolatedDatabase create(Class<?> testClass) {
    IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, testClass);
    Runtime.getRuntime().addShutdownHook(new Thread(db::close));
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE executions (id BIGSERIAL PRIMARY KEY, lock_name VARCHAR(64) NOT NULL,"
              + " fire_time TIMESTAMP NOT NULL, node VARCHAR(64) NOT NULL,"
              + " started TIMESTAMP NOT NULL, ended TIMESTAMP, in_tx BOOLEAN NOT NULL)");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return db;
  }

  /** The runs of a lock that started in [from, to), in the order they started. */
  List<Run> runs(String lock, Instant from, Instant to) throws SQLException {
    return between(lock, "started", from, to);
  }

  /** The runs of a lock for the fires scheduled in [from, to), in the order they started. */
  List<Run> runsOfFires(String lock, Instant from, Instant to) throws SQLException {
    return between(lock, "fire_time", from, to);
  }

  /** The run of an id, as recorded now. */
  Optional<Run> run(long id) throws SQLException {
    return select("id = ?", id).stream().findFirst();
  }

  /** Whether a run is recorded and has not ended. */
  boolean inProgress(long id) throws SQLException {
    return run(id).filter(r -> r.ended() == null).isPresent();
  }

  /** A run once it has ended; fails when it does not within a minute. */
  Run awaitEnd(long id) throws Exception {
    Run run = await(() -> run(id).filter(r -> r.ended() != null), 100);
    return run != null ? run : fail("run " + id + " did not end");
  }

  /** A run of a lock that started after an instant and has ended. */
  Run awaitEndedRunStartedAfter(String lock, Instant after) throws Exception {
    Run run = await(() -> firstEnded(runs(lock, after, Instant.now().plusSeconds(60))), 50);
    return run != null ? run : fail("no run of " + lock + " started after " + after + " and ended");
  }

  /** The run of one fire once it has ended, or null when none ended within a minute. */
  Run awaitEndedRunOfFire(String lock, Instant fire) throws Exception {
    return await(() -> firstEnded(runsOfFires(lock, fire, fire.plusMillis(1))), 50);
  }

  private static Optional<Run> firstEnded(List<Run> runs) {
    return runs.stream().filter(r -> r.ended() != null).findFirst();
  }

  /** Polls until a run is found, or a minute has passed: then null. */
  private static Run await(Callable<Optional<Run>> find, long pollMillis) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<Run> found = find.call();
      if (found.isPresent()) {
        return found.get();
      }
      Thread.sleep(pollMillis);
    }
    return null;
  }

  private List<Run> between(String lock, String column, Instant from, Instant to)
      throws SQLException {
    return select(
        "lock_name = ? AND " + column + " >= ? AND " + column + " < ?",
        lock,
        Timestamp.from(from),
        Timestamp.from(to));
  }

  private List<Run> select(String condition, Object... values) throws SQLException {
    List<Run> runs = new ArrayList<>();
    try (Connection c = db.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT id, node, fire_time, started, ended, in_tx FROM executions WHERE "
                    + condition
                    + " ORDER BY started")) {
      for (int i = 0; i < values.length; i++) {
        s.setObject(i + 1, values[i]);
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          Timestamp ended = r.getTimestamp(5);
          runs.add(
              new Run(
                  r.getLong(1),
                  r.getString(2),
                  r.getTimestamp(3).toInstant(),
                  r.getTimestamp(4).toInstant(),
                  ended == null ? null : ended.toInstant(),
                  r.getBoolean(6)));
        }
      }
    }
    return runs;
  }
}
