package org.timerlock.benchmarks.fleet;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.timerlock.benchmarks.Store;
import org.timerlock.benchmarks.Stores;
import redis.clients.jedis.RedisClient;

/**
 * The store's own server-wide counters, read before and after a run; the run reports their
 * difference. Anything else using the server in between is counted too.
 */
final class FleetCounters {

  /** MariaDB's counters read, by the name reported. */
  private static final Map<String, String> MARIADB =
      Map.of(
          "Questions", "statements",
          "Com_commit", "commits",
          "Innodb_os_log_written", "redo-bytes",
          "Handler_write", "handler-writes",
          "Handler_update", "handler-updates",
          "Com_insert", "inserts",
          "Com_update", "updates",
          "Com_select", "selects");

  private FleetCounters() {}

  /**
   * The counters now.
   *
   * @param store the store
   * @return counter name to value, in a stable order
   */
  static Map<String, Long> read(Store store) {
    return switch (store) {
      case REDIS -> redis();
      case POSTGRES, MARIADB -> database(store);
      case IN_MEMORY -> Map.of();
    };
  }

  /**
   * After minus before, less what the readings themselves cost.
   *
   * @param store the store
   * @param before the first reading
   * @param after the second reading
   * @return the increase of each counter
   */
  static Map<String, Long> delta(Store store, Map<String, Long> before, Map<String, Long> after) {
    // One reading: one transaction per query on PostgreSQL, one statement on MariaDB, one INFO.
    Map<String, Long> ownReads =
        switch (store) {
          case MARIADB -> Map.of("statements", 1L);
          case REDIS -> Map.of("info", 1L);
          default -> Map.of("xact-commit", 2L);
        };
    Map<String, Long> delta = new LinkedHashMap<>();
    after.forEach(
        (name, value) ->
            delta.put(
                name, value - before.getOrDefault(name, 0L) - ownReads.getOrDefault(name, 0L)));
    return delta;
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

  private static Map<String, Long> database(Store store) {
    Map<String, Long> values = new LinkedHashMap<>();
    try (HikariDataSource pool = Stores.pool(store, "fleet-counters");
        Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      if (store == Store.MARIADB) {
        try (ResultSet rs = statement.executeQuery("SHOW GLOBAL STATUS")) {
          while (rs.next()) {
            String name = MARIADB.get(rs.getString(1));
            if (name != null) {
              values.put(name, rs.getLong(2));
            }
          }
        }
      } else {
        try (ResultSet rs =
            statement.executeQuery(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
          rs.next();
          values.put("xact-commit", rs.getLong(1));
        }
        try (ResultSet rs =
            statement.executeQuery("SELECT wal_records, wal_bytes, wal_sync FROM pg_stat_wal")) {
          rs.next();
          values.put("wal-records", rs.getLong(1));
          values.put("wal-bytes", rs.getLong(2));
          values.put("wal-flushes", rs.getLong(3));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot read the server counters of " + store.id() + ": " + e.getMessage(), e);
    }
    return values;
  }
}
