package org.timerlock.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;
import redis.clients.jedis.RedisClient;

/**
 * A store's own server-wide counters, read before and after a measurement; the measurement reports
 * their difference. Anything else using the server in between is counted too, unless the server is
 * a {@link PrivateServer}.
 *
 * <ul>
 *   <li>PostgreSQL: {@code transactions} ({@code pg_stat_database.xact_commit}), {@code xids}
 *       (transaction ids assigned: the next one's advance, exact at once), {@code wal-position}
 *       (the WAL insert position in bytes, exact at once, for {@code pg_waldump}), {@code
 *       wal-records}, {@code wal-bytes}, {@code wal-flushes} ({@code pg_stat_wal}).
 *   <li>MariaDB: from {@code SHOW GLOBAL STATUS} {@code statements} ({@code Questions}), {@code
 *       commits}, {@code set-option}, {@code inserts}, {@code updates}, {@code selects}, {@code
 *       handler-writes}, {@code handler-updates}, {@code redo-bytes} ({@code
 *       Innodb_os_log_written}), {@code binlog-bytes}, {@code binlog-commits}; and {@code trx-ids},
 *       InnoDB's "Trx id counter" from {@code SHOW ENGINE INNODB STATUS}.
 *   <li>Redis: calls per command ({@code INFO commandstats}).
 * </ul>
 */
public final class ServerCounters {

  /** MariaDB's counters read, by the name reported. */
  private static final Map<String, String> MARIADB =
      Map.ofEntries(
          Map.entry("Questions", "statements"),
          Map.entry("Com_commit", "commits"),
          Map.entry("Com_set_option", "set-option"),
          Map.entry("Com_insert", "inserts"),
          Map.entry("Com_update", "updates"),
          Map.entry("Com_select", "selects"),
          Map.entry("Handler_write", "handler-writes"),
          Map.entry("Handler_update", "handler-updates"),
          Map.entry("Innodb_os_log_written", "redo-bytes"),
          Map.entry("Binlog_bytes_written", "binlog-bytes"),
          Map.entry("Binlog_commits", "binlog-commits"));

  private ServerCounters() {}

  /**
   * The counters now. On PostgreSQL a backend publishes its statistics (all but {@code xids}) when
   * it exits or after being idle for a while, up to several seconds: read after the measured
   * connections closed.
   *
   * @param store the store
   * @return counter name to value, in a stable order
   */
  public static Map<String, Long> read(StoreKind store) {
    return switch (store) {
      case REDIS -> redis();
      case POSTGRES -> database(store, ServerCounters::postgres);
      case MARIADB -> database(store, ServerCounters::mariadb);
    };
  }

  /**
   * After minus before, less what the second reading itself counted.
   *
   * @param store the store
   * @param before the first reading
   * @param after the second reading
   * @return the increase of each counter
   */
  public static Map<String, Long> delta(
      StoreKind store, Map<String, Long> before, Map<String, Long> after) {
    // A reading is one transaction per query on PostgreSQL (two counted queries), two statements
    // on MariaDB, one INFO on Redis.
    Map<String, Long> ownReads =
        switch (store) {
          case MARIADB -> Map.of("statements", 2L);
          case REDIS -> Map.of("info", 1L);
          default -> Map.of("transactions", 2L);
        };
    Map<String, Long> delta = new LinkedHashMap<>();
    after.forEach(
        (name, value) ->
            delta.put(
                name, value - before.getOrDefault(name, 0L) - ownReads.getOrDefault(name, 0L)));
    return delta;
  }

  private interface Reader {
    void read(Statement statement, Map<String, Long> values) throws SQLException;
  }

  private static Map<String, Long> database(StoreKind store, Reader reader) {
    Map<String, Long> values = new LinkedHashMap<>();
    try (HikariDataSource pool = Stores.pool(store, "server-counters");
        Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      reader.read(statement, values);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "ServerCounters.read: cannot read the counters of "
              + store.id()
              + " at "
              + Stores.jdbcUrl(store)
              + ": "
              + e.getMessage(),
          e);
    }
    return values;
  }

  private static void postgres(Statement statement, Map<String, Long> values) throws SQLException {
    try (ResultSet rs =
        statement.executeQuery(
            "SELECT xact_commit, pg_snapshot_xmax(pg_current_snapshot())::text::bigint,"
                + " (pg_current_wal_insert_lsn() - '0/0')::bigint"
                + " FROM pg_stat_database WHERE datname = current_database()")) {
      rs.next();
      values.put("transactions", rs.getLong(1));
      values.put("xids", rs.getLong(2));
      values.put("wal-position", rs.getLong(3));
    }
    try (ResultSet rs =
        statement.executeQuery("SELECT wal_records, wal_bytes, wal_sync FROM pg_stat_wal")) {
      rs.next();
      values.put("wal-records", rs.getLong(1));
      values.put("wal-bytes", rs.getLong(2));
      values.put("wal-flushes", rs.getLong(3));
    }
  }

  private static void mariadb(Statement statement, Map<String, Long> values) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SHOW GLOBAL STATUS")) {
      while (rs.next()) {
        String name = MARIADB.get(rs.getString(1));
        if (name != null) {
          values.put(name, rs.getLong(2));
        }
      }
    }
    try (ResultSet rs = statement.executeQuery("SHOW ENGINE INNODB STATUS")) {
      rs.next();
      for (String line : rs.getString("Status").split("\n")) {
        if (line.startsWith("Trx id counter ")) {
          values.put("trx-ids", Long.parseLong(line.substring("Trx id counter ".length()).trim()));
        }
      }
    }
  }

  private static Map<String, Long> redis() {
    Map<String, Long> values = new LinkedHashMap<>();
    try (RedisClient redis = RedisClient.create(URI.create(Stores.redisUri()))) {
      // cmdstat_set:calls=12,usec=...
      for (String line : redis.info("commandstats").split("\r?\n")) {
        if (line.startsWith("cmdstat_")) {
          String command = line.substring("cmdstat_".length(), line.indexOf(':'));
          String calls = line.substring(line.indexOf("calls=") + "calls=".length());
          values.put(command, Long.parseLong(calls.substring(0, calls.indexOf(','))));
        }
      }
    }
    return values;
  }
}
