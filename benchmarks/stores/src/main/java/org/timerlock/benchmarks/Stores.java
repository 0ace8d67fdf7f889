package org.timerlock.benchmarks;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreAddress;
import org.timerlock.teststores.StoreKind;
import redis.clients.jedis.RedisClient;

/**
 * Where the stores are and how both libraries connect to them: the same pool size and pool settings
 * on both sides.
 *
 * <p>Endpoints come from system properties, then environment variables, then the local defaults:
 *
 * <ul>
 *   <li>{@code timerlock.bench.postgres.url} / {@code TIMERLOCK_BENCH_POSTGRES_URL}, default {@code
 *       jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres} ({@code .user} / {@code
 *       _USER}, {@code .password} / {@code _PASSWORD})
 *   <li>{@code timerlock.bench.mariadb.url} / {@code TIMERLOCK_BENCH_MARIADB_URL}, default {@code
 *       jdbc:mariadb://127.0.0.1:3306/test}, user {@code root}, no password
 *   <li>{@code timerlock.bench.redis.uri} / {@code TIMERLOCK_BENCH_REDIS_URI}, default {@code
 *       redis://127.0.0.1:6379}
 * </ul>
 */
public final class Stores {

  /** Connections per pool, for JDBC and Redis alike, on both sides. */
  public static final int POOL_SIZE = 4;

  /** The Redis "environment" part of the key, {@code <prefix>:<environment>:<name>}. */
  public static final String REDIS_ENVIRONMENT = "jmh";

  private static final Map<StoreKind, Map<String, String>> REDIRECTS = new ConcurrentHashMap<>();

  private Stores() {}

  /**
   * The table and key prefix a run uses, so that a smoke test never touches a running benchmark's
   * data.
   *
   * @param table the lock table, dropped and created by {@link #prepare}
   * @param keyPrefix the Redis key prefix, its keys deleted by {@link #prepare}
   */
  public record Namespace(String table, String keyPrefix) {
    /** What the benchmarks use. */
    public static final Namespace BENCHMARK = new Namespace("bench_lock", "bench-lock");
  }

  /**
   * Drops and creates the lock table with ShedLock's documented layout for the database, or deletes
   * the namespace's Redis keys.
   *
   * @param store the store
   * @param namespace the table and key prefix
   */
  public static void prepare(StoreKind store, Namespace namespace) {
    switch (store) {
      case POSTGRES ->
          execute(
              store,
              "DROP TABLE IF EXISTS " + namespace.table(),
              "CREATE TABLE "
                  + namespace.table()
                  + "(name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL,"
                  + " locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL,"
                  + " PRIMARY KEY (name))");
      case MARIADB ->
          execute(
              store,
              "DROP TABLE IF EXISTS " + namespace.table(),
              "CREATE TABLE "
                  + namespace.table()
                  + "(name VARCHAR(64) NOT NULL, lock_until TIMESTAMP(3) NOT NULL,"
                  + " locked_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
                  + " locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name))");
      case REDIS -> {
        try (RedisClient redis = RedisClient.create(URI.create(redisUri()))) {
          Set<String> keys = redis.keys(namespace.keyPrefix() + ":*");
          if (!keys.isEmpty()) {
            redis.del(keys.toArray(String[]::new));
          }
        }
      }
    }
  }

  /**
   * A HikariCP pool on a database, with the settings both libraries get.
   *
   * @param store {@link StoreKind#POSTGRES} or {@link StoreKind#MARIADB}
   * @param poolName names the pool in diagnostics
   * @return a started pool of {@link #POOL_SIZE} connections
   */
  public static HikariDataSource pool(StoreKind store, String poolName) {
    return pool(store, poolName, POOL_SIZE);
  }

  /**
   * A HikariCP pool on a database, with the settings both libraries get, of another size.
   *
   * @param store {@link StoreKind#POSTGRES} or {@link StoreKind#MARIADB}
   * @param poolName names the pool in diagnostics
   * @param connections its fixed size
   * @return a started pool
   */
  public static HikariDataSource pool(StoreKind store, String poolName, int connections) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl(store));
    config.setUsername(setting(store, "user", store == StoreKind.POSTGRES ? "postgres" : "root"));
    config.setPassword(setting(store, "password", ""));
    config.setMaximumPoolSize(connections);
    config.setMinimumIdle(connections);
    config.setAutoCommit(true);
    config.setPoolName(poolName);
    return new HikariDataSource(config);
  }

  /**
   * The Redis endpoint.
   *
   * @return e.g. {@code redis://127.0.0.1:6379}
   */
  public static String redisUri() {
    return setting(StoreKind.REDIS, "uri", StoreKind.REDIS.localDefault());
  }

  static String jdbcUrl(StoreKind store) {
    if (!store.isDatabase()) {
      throw new IllegalArgumentException(store + " is not a database");
    }
    return setting(store, "url", store.localDefault());
  }

  /**
   * Runs {@code body} with these stores pointed at a private server of the store, started for it
   * and stopped after, or at the configured server.
   *
   * @param store the store
   * @param start whether to start a private server; if not, {@code body} gets null
   * @param body what to run
   */
  public static void around(StoreKind store, boolean start, Consumer<PrivateServer> body) {
    if (!start) {
      body.accept(null);
      return;
    }
    try (PrivateServer server = store.privateServer()) {
      redirect(server.storeAddress());
      body.accept(server);
    } finally {
      restore(store);
    }
  }

  /**
   * Points this JVM's benchmarks at another server of the store, e.g. a {@link PrivateServer},
   * ahead of the system properties and environment variables, until {@link #restore}.
   *
   * @param address where the server answers, and as whom
   */
  public static void redirect(StoreAddress address) {
    String password = address.password() == null ? "" : address.password();
    REDIRECTS.put(
        address.kind(),
        address.kind().isDatabase()
            ? Map.of("url", address.url(), "user", address.user(), "password", password)
            : Map.of("uri", address.url()));
  }

  /**
   * Undoes {@link #redirect}.
   *
   * @param store the store
   */
  public static void restore(StoreKind store) {
    REDIRECTS.remove(store);
  }

  private static String setting(StoreKind store, String key, String fallback) {
    String redirected = REDIRECTS.getOrDefault(store, Map.of()).get(key);
    if (redirected != null) {
      return redirected;
    }
    String property = "timerlock.bench." + store.name().toLowerCase(Locale.ROOT) + "." + key;
    String value = System.getProperty(property);
    if (value == null) {
      value = System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_'));
    }
    return value != null ? value : fallback;
  }

  private static void execute(StoreKind store, String... statements) {
    try (HikariDataSource pool = pool(store, "bench-setup");
        Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot prepare the lock table on " + jdbcUrl(store) + ": " + e.getMessage(), e);
    }
  }
}
