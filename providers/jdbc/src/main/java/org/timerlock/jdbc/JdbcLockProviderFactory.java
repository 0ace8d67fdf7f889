package org.timerlock.jdbc;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.timerlock.core.Durations;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;

/**
 * Selected by {@code timerlock.provider=jdbc}. Reads:
 *
 * <ul>
 *   <li>{@code timerlock.jdbc.datasource}: JNDI name of the DataSource, default {@code
 *       java:comp/DefaultDataSource}; looked up at the first lock attempt and again after every
 *       failure, so a DataSource bound late does not fail deployment;
 *   <li>or {@code timerlock.jdbc.url} with {@code username}, {@code password}, {@code pool-size}
 *       (default 5) and {@code connection-timeout} (default 10s): a HikariCP pool owned and closed
 *       by the provider (HikariCP must be on the class path);
 *   <li>{@code timerlock.jdbc.table} (default {@code shedlock}), {@code
 *       timerlock.jdbc.create-table} (default true), and {@code timerlock.jdbc.column.name}, {@code
 *       .lock-until}, {@code .locked-at}, {@code .locked-by} for renamed columns.
 * </ul>
 */
public final class JdbcLockProviderFactory implements LockProviderFactory {

  /** The JNDI name used when {@code timerlock.jdbc.datasource} is not set. */
  public static final String DEFAULT_DATASOURCE = "java:comp/DefaultDataSource";

  static final String PREFIX = "timerlock.jdbc.";
  static final String DATASOURCE = PREFIX + "datasource";
  static final String URL = PREFIX + "url";
  static final String USERNAME = PREFIX + "username";
  static final String PASSWORD = PREFIX + "password";
  static final String POOL_SIZE = PREFIX + "pool-size";
  static final String CONNECTION_TIMEOUT = PREFIX + "connection-timeout";
  static final String TABLE = PREFIX + "table";
  static final String CREATE_TABLE = PREFIX + "create-table";
  static final String COLUMN = PREFIX + "column.";

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public JdbcLockProviderFactory() {}

  @Override
  public String type() {
    return "jdbc";
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    String table = settings.get(TABLE).map(String::trim).orElse("shedlock");
    if (!LockTable.isTableName(table)) {
      throw new IllegalArgumentException(
          TABLE + "='" + table + "' is not a valid table name: expected " + LockTable.TABLE_RULE);
    }
    String[] columns = {
      column(settings, "name"),
      column(settings, "lock-until"),
      column(settings, "locked-at"),
      column(settings, "locked-by")
    };
    boolean createTable = bool(settings, CREATE_TABLE, true);

    Optional<String> url = settings.get(URL).map(String::trim);
    Optional<String> jndi = settings.get(DATASOURCE).map(String::trim);
    JdbcLockProvider.Builder builder =
        JdbcLockProvider.builder()
            .tableName(table)
            .columnNames(columns[0], columns[1], columns[2], columns[3])
            .createTable(createTable)
            .nodeId(settings.nodeId());
    if (url.isPresent()) {
      if (jndi.isPresent()) {
        throw new IllegalArgumentException(
            "Both "
                + DATASOURCE
                + "='"
                + jndi.get()
                + "' and "
                + URL
                + "='"
                + safeUrl(url.get())
                + "' are set: set only one (a JNDI DataSource, or a URL for a pool of its own)");
      }
      String u = url.get();
      if (!u.startsWith("jdbc:")) {
        throw new IllegalArgumentException(
            URL + "='" + safeUrl(u) + "' is not a JDBC URL: expected jdbc:<database>://...");
      }
      int poolSize = poolSize(settings);
      Duration timeout = connectionTimeout(settings);
      DataSource pool;
      try {
        pool =
            HikariPools.create(
                u,
                settings.get(USERNAME).orElse(null),
                settings.get(PASSWORD).orElse(null),
                poolSize,
                timeout);
      } catch (NoClassDefFoundError e) {
        throw new IllegalArgumentException(
            URL
                + " is set, which needs HikariCP (com.zaxxer:HikariCP) on the class path; add it,"
                + " or use a JNDI DataSource with "
                + DATASOURCE,
            e);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            URL + "='" + safeUrl(u) + "' cannot be used: " + e.getMessage(), e);
      }
      return builder
          .dataSource(pool)
          .dataSourceDescription(safeUrl(u))
          .closeDataSourceOnClose(true)
          .build();
    }
    for (String key : new String[] {USERNAME, PASSWORD, POOL_SIZE, CONNECTION_TIMEOUT}) {
      if (settings.get(key).isPresent()) {
        throw new IllegalArgumentException(
            key
                + " is set but "
                + URL
                + " is not: "
                + key
                + " only applies to the pool built from "
                + URL
                + "; a JNDI DataSource ("
                + DATASOURCE
                + ") is configured in the server");
      }
    }
    String name = jndi.orElse(DEFAULT_DATASOURCE);
    if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          DATASOURCE + "='" + name + "' is not a JNDI name such as java:comp/DefaultDataSource");
    }
    return builder.dataSource(new JndiDataSource(name)).dataSourceDescription(name).build();
  }

  private static String column(ProviderSettings settings, String column) {
    String key = COLUMN + column;
    String value = settings.get(key).map(String::trim).orElse(column.replace('-', '_'));
    if (!LockTable.isIdentifier(value)) {
      throw new IllegalArgumentException(
          key
              + "='"
              + value
              + "' is not a valid column name: expected "
              + LockTable.IDENTIFIER_RULE);
    }
    return value;
  }

  private static boolean bool(ProviderSettings settings, String key, boolean defaultValue) {
    Optional<String> value = settings.get(key).map(s -> s.trim().toLowerCase(Locale.ROOT));
    if (value.isEmpty()) {
      return defaultValue;
    }
    switch (value.get()) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new IllegalArgumentException(
            key + "='" + settings.get(key).get() + "' is not a boolean: expected true or false");
    }
  }

  private static int poolSize(ProviderSettings settings) {
    Optional<String> value = settings.get(POOL_SIZE).map(String::trim);
    if (value.isEmpty()) {
      return 5;
    }
    try {
      int size = Integer.parseInt(value.get());
      if (size >= 1 && size <= 1000) {
        return size;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        POOL_SIZE + "='" + value.get() + "' is not a pool size: expected a number from 1 to 1000");
  }

  private static Duration connectionTimeout(ProviderSettings settings) {
    Optional<String> value = settings.get(CONNECTION_TIMEOUT).map(String::trim);
    if (value.isEmpty()) {
      return Duration.ofSeconds(10);
    }
    try {
      Duration d = Durations.parse(value.get());
      if (!d.isNegative() && !d.isZero()) {
        return d;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        CONNECTION_TIMEOUT
            + "='"
            + value.get()
            + "' is not a positive duration: expected e.g. 10s, 500ms or PT10S");
  }

  /** The URL with any password masked, for messages. */
  static String safeUrl(String url) {
    return url.replaceAll("(?i)((?:password|pwd)=)[^&;]*", "$1***")
        .replaceAll("//([^:/@?]*):[^@/?]*@", "//$1:***@");
  }
}
