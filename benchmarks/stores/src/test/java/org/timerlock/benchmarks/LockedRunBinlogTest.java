package org.timerlock.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;

/**
 * What one locked run (an acquisition and its release) writes to MariaDB's binary log, in MIXED
 * format with the server's defaults ({@code binlog_row_image=FULL}, {@code
 * binlog_annotate_row_events=ON}), read event by event with {@code SHOW BINLOG EVENTS} on a server
 * of its own ({@link PrivateServer}). Counts and sizes, not timings.
 *
 * <p>ShedLock's acquire is an {@code UPDATE}, which MIXED format logs as its text: a {@code Query}
 * event. TimerLock's is an {@code INSERT ... SELECT ... ON DUPLICATE KEY UPDATE}, which it logs by
 * its changed rows, so that a refusal, which changes none, logs nothing: a {@code Table_map} and an
 * {@code Update_rows} event, preceded by an {@code Annotate_rows} event that repeats the
 * statement's text. Without that copy of the text the pair logs fewer bytes than ShedLock's; with
 * it, more.
 */
class LockedRunBinlogTest {

  private static final int PAIRS = 50;
  private static final Stores.Namespace LAYOUT = new Stores.Namespace("binlog_lock", "binlog");

  @Test
  void aLockedRunLogsOneRowEventAndOneStatement() throws SQLException {
    try (PrivateServer server = StoreKind.MARIADB.privateServer()) {
      Stores.redirect(server.storeAddress());
      try (HikariDataSource reader = Stores.pool(StoreKind.MARIADB, "binlog-reader", 1)) {
        Map<String, Double> shedLock = perRun(reader, Library.SHEDLOCK);
        Map<String, Double> timerLock = perRun(reader, Library.TIMERLOCK);
        Map<String, Double> fires = perFireRun(reader);
        System.out.printf(
            "MariaDB binary log per locked run, MIXED: ShedLock %s; TimerLock %s;"
                + " TimerLock with a fire on its own table %s%n",
            shedLock, timerLock, fires);

        assertThat(shedLock)
            .as("ShedLock: two statements, each in its own transaction")
            .containsEntry("Gtid", 2.0)
            .containsEntry("Query", 2.0)
            .containsEntry("Xid", 2.0)
            .containsEntry("events", 6.0);
        for (Map<String, Double> run : List.of(timerLock, fires)) {
          assertThat(run)
              .as("TimerLock: the acquisition by its row, the release as a statement")
              .containsEntry("Gtid", 2.0)
              .containsEntry("Annotate_rows", 1.0)
              .containsEntry("Table_map", 1.0)
              .containsEntry("Update_rows_v1", 1.0)
              .containsEntry("Query", 1.0)
              .containsEntry("Xid", 2.0)
              .containsEntry("events", 8.0);
        }
        // On ShedLock's table layout, what the run logs besides the copy of the statement's text
        // is less than ShedLock's run.
        assertThat(timerLock.get("bytes") - timerLock.get("Annotate_rows bytes"))
            .as("TimerLock's bytes without the Annotate_rows event")
            .isLessThan(shedLock.get("bytes"));
      } finally {
        Stores.restore(StoreKind.MARIADB);
      }
    }
  }

  /** A library's locked runs on ShedLock's table layout, as the benchmarks run them. */
  private static Map<String, Double> perRun(HikariDataSource reader, Library library)
      throws SQLException {
    Stores.prepare(StoreKind.MARIADB, LAYOUT);
    try (Contender node = Contenders.open(StoreKind.MARIADB, library, LAYOUT, "node-1")) {
      Contender.Job run = node.job("binlog-run");
      assertThat(run.run()).as("the first run, which inserts the row").isTrue();
      Position start = Position.of(reader);
      for (int i = 0; i < PAIRS; i++) {
        assertThat(run.run()).as("run %d", i).isTrue();
      }
      return start.eventsSince(reader);
    }
  }

  /**
   * TimerLock's locked runs for successive fires on the table it creates, with the fire, token,
   * last-run and pause columns: the release records the run.
   */
  private static Map<String, Double> perFireRun(HikariDataSource reader) throws SQLException {
    try (HikariDataSource pool = Stores.pool(StoreKind.MARIADB, "binlog-fires", 1);
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .tableName("binlog_fire_lock")
                .nodeId("node-1")
                .build()) {
      LockConfiguration job = LockConfiguration.of("binlog-fire", Duration.ofMinutes(30));
      Instant first = Instant.parse("2030-01-01T00:00:00Z");
      provider.lock(job.forFire(first)).orElseThrow().unlock();
      Position start = Position.of(reader);
      for (int i = 1; i <= PAIRS; i++) {
        provider.lock(job.forFire(first.plusSeconds(60L * i))).orElseThrow().unlock();
      }
      return start.eventsSince(reader);
    }
  }

  /** A position in the binary log. */
  private record Position(String file, long offset) {

    static Position of(HikariDataSource reader) throws SQLException {
      try (Connection c = reader.getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
        assertThat(rs.next()).as("the binary log is on").isTrue();
        return new Position(rs.getString(1), rs.getLong(2));
      }
    }

    /**
     * The events logged since this position, per locked run: how many of each type, how many in all
     * ({@code events}), their bytes ({@code bytes}) and the bytes of the Annotate_rows events.
     */
    Map<String, Double> eventsSince(HikariDataSource reader) throws SQLException {
      Map<String, Double> counts = new TreeMap<>();
      try (Connection c = reader.getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW BINLOG EVENTS IN '" + file + "' FROM " + offset)) {
        while (rs.next()) {
          String type = rs.getString("Event_type");
          long bytes = rs.getLong("End_log_pos") - rs.getLong("Pos");
          counts.merge(type, 1.0 / PAIRS, Double::sum);
          counts.merge("events", 1.0 / PAIRS, Double::sum);
          counts.merge("bytes", (double) bytes / PAIRS, Double::sum);
          if (type.equals("Annotate_rows")) {
            counts.merge("Annotate_rows bytes", (double) bytes / PAIRS, Double::sum);
          }
        }
      }
      counts.replaceAll((name, value) -> Math.round(value * 10) / 10.0);
      return counts;
    }
  }
}
