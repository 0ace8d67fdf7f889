package org.timerlock.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import redis.clients.jedis.RedisClient;

/**
 * What one locked run and one refused acquire cost the store, counted on the server: statements and
 * commits on MariaDB, transactions and WAL flushes on PostgreSQL, commands on Redis. Not a
 * benchmark: it runs each case a fixed number of times and divides the server's counters by it. The
 * counters are server-wide, so the store should be otherwise idle.
 *
 * <pre>{@code java -cp target/benchmarks.jar org.timerlock.benchmarks.StoreCounters}</pre>
 */
public final class StoreCounters {

  private static final int WARMUP = 200;
  private static final int COUNT = 2000;
  private static final Stores.Namespace NAMESPACE =
      new Stores.Namespace("bench_count_lock", "bench-count");

  private StoreCounters() {}

  /**
   * Prints a Markdown table of per-operation counts.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    System.out.println("| store | library | case | per operation |");
    System.out.println("|---|---|---|---|");
    for (Store store : new Store[] {Store.POSTGRES, Store.MARIADB, Store.REDIS}) {
      for (Library library : Library.values()) {
        Stores.prepare(store, NAMESPACE);
        try (Contender node = Contenders.open(store, library, NAMESPACE, "count-a");
            Contender other = Contenders.open(store, library, NAMESPACE, "count-b")) {
          Contender.Held held = other.hold("count-held");
          Contender.Job run = node.job("count-run");
          Contender.Job refused = node.job("count-held");
          for (int i = 0; i < WARMUP; i++) {
            run.run();
            refused.run();
          }
          print(store, library, "lockedRun", measure(store, run, true));
          print(store, library, "refusedAcquire", measure(store, refused, false));
          held.release();
        }
      }
    }
  }

  private static Map<String, Double> measure(Store store, Contender.Job job, boolean expected) {
    Map<String, Long> before = counters(store);
    for (int i = 0; i < COUNT; i++) {
      if (job.run() != expected) {
        throw new IllegalStateException("Unexpected outcome: " + !expected);
      }
    }
    Map<String, Long> after = counters(store);
    Map<String, Double> perOperation = new LinkedHashMap<>();
    // The reading itself: one statement (MariaDB, PostgreSQL's two selects run in one
    // transaction each) or one command (Redis) per snapshot; subtract the second snapshot's own.
    Map<String, Long> ownReads =
        switch (store) {
          case MARIADB -> Map.of("statements", 1L);
          case REDIS -> Map.of("info", 1L);
          default -> Map.of("transactions", 2L);
        };
    after.forEach(
        (name, value) -> {
          double delta =
              (value - before.getOrDefault(name, 0L) - ownReads.getOrDefault(name, 0L))
                  / (double) COUNT;
          if (store != Store.REDIS || delta >= 0.005) {
            perOperation.put(name, delta);
          }
        });

    return perOperation;
  }

  private static Map<String, Long> counters(Store store) {
    Map<String, Long> values = new LinkedHashMap<>();
    if (store == Store.POSTGRES) {
      // PostgreSQL backends publish their statistics when idle for 10 s, not at every commit.
      sleep(11_000);
    }
    if (store == Store.REDIS) {
      try (RedisClient redis = RedisClient.create(URI.create(Stores.redisUri()))) {
        for (String line : redis.info("commandstats").split("\r?\n")) {
          // cmdstat_set:calls=12,usec=...
          if (line.startsWith("cmdstat_")) {
            String command = line.substring("cmdstat_".length(), line.indexOf(':'));
            String calls = line.substring(line.indexOf("calls=") + 6);
            values.put(command, Long.parseLong(calls.substring(0, calls.indexOf(','))));
          }
        }
      }
      return values;
    }
    try (HikariDataSource pool = Stores.pool(store, "bench-counters");
        Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      if (store == Store.MARIADB) {
        try (ResultSet rs =
            statement.executeQuery(
                "SHOW GLOBAL STATUS WHERE Variable_name IN"
                    + " ('Questions', 'Com_commit', 'Com_set_option')")) {
          while (rs.next()) {
            String name =
                switch (rs.getString(1)) {
                  case "Questions" -> "statements";
                  case "Com_commit" -> "commits";
                  default -> "set-autocommit";
                };
            values.put(name, rs.getLong(2));
          }
        }
      } else {
        try (ResultSet rs =
            statement.executeQuery(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
          rs.next();
          values.put("transactions", rs.getLong(1));
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
      throw new IllegalStateException(e);
    }
    return values;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void print(
      Store store, Library library, String benchmark, Map<String, Double> perOperation) {
    StringBuilder counts = new StringBuilder();
    perOperation.forEach(
        (name, value) ->
            counts
                .append(counts.length() == 0 ? "" : ", ")
                .append(name)
                .append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.2f", value)));
    System.out.println(
        "| " + store.id() + " | " + library.id() + " | " + benchmark + " | " + counts + " |");
  }
}
