package org.timerlock.jdbc;

import java.sql.Driver;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.core.spi.ValueType;

/**
 * Selected by {@code timerlock.provider=jdbc}. Reads:
 *
 * <ul>
 *   <li>{@code timerlock.jdbc.datasource}: JNDI name of the DataSource, default {@code
 *       java:comp/DefaultDataSource}; first looked up at deployment, and again at every lock
 *       attempt until a look-up succeeds, so a DataSource bound late does not fail deployment;
 *   <li>or {@code timerlock.jdbc.url} with {@code driver-class}, {@code username}, {@code
 *       password}, {@code pool-size} (default 5) and {@code connection-timeout} (default 10s): a
 *       HikariCP pool owned and closed by the provider (HikariCP must be on the class path), whose
 *       driver is looked for in the application's class loader before DriverManager;
 *   <li>{@code timerlock.jdbc.table} (default {@code shedlock}), {@code
 *       timerlock.jdbc.create-table} (default true), and {@code timerlock.jdbc.column.name}, {@code
 *       .lock-until}, {@code .locked-at}, {@code .locked-by} for renamed columns.
 * </ul>
 *
 * <p>{@link #keys()} lists them all.
 */
public final class JdbcLockProviderFactory implements LockProviderFactory {

  /** The JNDI name used when {@code timerlock.jdbc.datasource} is not set. */
  public static final String DEFAULT_DATASOURCE = "java:comp/DefaultDataSource";

  static final String PREFIX = "timerlock.jdbc.";

  /** Said wherever a URL is shown, so that no one looks for the rest of it. */
  static final String NOT_SHOWN = "shown without user, password, query and properties";

  private static final ValueType<String> TABLE_NAMES =
      ValueType.text(LockTable::isTableName, LockTable.TABLE_RULE);

  private static final ValueType<String> IDENTIFIERS =
      ValueType.text(LockTable::isIdentifier, LockTable.IDENTIFIER_RULE);

  private static final ValueType<String> JNDI_NAME =
      ValueType.TEXT.map(
          JdbcLockProviderFactory::jndiName,
          "a JNDI name without white space, such as " + DEFAULT_DATASOURCE);

  /**
   * Never fails, so that a URL is shown only as {@link JdbcUrls#describe} tells it, by the checks
   * below.
   */
  private static final ValueType<String> JDBC_URL =
      ValueType.TEXT.map(url -> url, "a JDBC URL, jdbc:<database>:...");

  static final ConfigKey<String> DATASOURCE =
      ConfigKey.optional(
          PREFIX + "datasource",
          JNDI_NAME,
          DEFAULT_DATASOURCE,
          "JNDI name of the server's DataSource, first looked up at deployment (again at each lock"
              + " attempt until found).");

  static final ConfigKey<String> URL =
      ConfigKey.optional(
          PREFIX + "url",
          JDBC_URL,
          "none",
          "A JDBC URL instead of a JNDI DataSource: the provider opens a HikariCP pool of its own.");

  static final ConfigKey<String> DRIVER_CLASS =
      ConfigKey.optional(
          PREFIX + "driver-class",
          ValueType.TEXT,
          "none",
          "The JDBC driver class of the pool built from timerlock.jdbc.url, loaded by the"
              + " application's class loader; when not set, the application's drivers are asked"
              + " which accepts the URL.");

  static final ConfigKey<String> USERNAME =
      ConfigKey.optional(
          PREFIX + "username",
          ValueType.TEXT,
          "none",
          "The database user of the pool built from timerlock.jdbc.url.");

  static final ConfigKey<String> PASSWORD =
      ConfigKey.secret(
          PREFIX + "password", "The database password of the pool built from timerlock.jdbc.url.");

  static final ConfigKey<Integer> POOL_SIZE =
      ConfigKey.withDefault(
          PREFIX + "pool-size",
          ValueType.integer(1, 1000),
          5,
          "5",
          "The most connections of the pool built from timerlock.jdbc.url.");

  static final ConfigKey<Duration> CONNECTION_TIMEOUT =
      ConfigKey.withDefault(
          PREFIX + "connection-timeout",
          ValueType.POSITIVE_DURATION,
          Duration.ofSeconds(10),
          "10s",
          "How long a lock attempt waits for a connection of the pool built from"
              + " timerlock.jdbc.url.");

  static final ConfigKey<String> TABLE =
      ConfigKey.withDefault(
          PREFIX + "table",
          TABLE_NAMES,
          "shedlock",
          "shedlock",
          "The lock table, in ShedLock's layout, optionally qualified by its schema.");

  static final ConfigKey<Boolean> CREATE_TABLE =
      ConfigKey.withDefault(
          PREFIX + "create-table",
          ValueType.BOOLEAN,
          true,
          "true",
          "Whether the lock table is created when it is missing.");

  static final ConfigKey<String> COLUMN_NAME = column("name", "the lock name");

  static final ConfigKey<String> COLUMN_LOCK_UNTIL = column("lock-until", "the lock's expiry");

  static final ConfigKey<String> COLUMN_LOCKED_AT =
      column("locked-at", "the time the lock was taken");

  static final ConfigKey<String> COLUMN_LOCKED_BY = column("locked-by", "the lock's owner");

  private static final List<ConfigKey<?>> KEYS =
      Stream.concat(
              Stream.of(
                  DATASOURCE,
                  URL,
                  DRIVER_CLASS,
                  USERNAME,
                  PASSWORD,
                  POOL_SIZE,
                  CONNECTION_TIMEOUT,
                  TABLE,
                  CREATE_TABLE,
                  COLUMN_NAME,
                  COLUMN_LOCK_UNTIL,
                  COLUMN_LOCKED_AT,
                  COLUMN_LOCKED_BY),
              HistorySettings.KEYS.stream())
          .toList();

  /** The keys that only apply to the pool built from {@link #URL}. */
  private static final List<ConfigKey<?>> URL_ONLY_KEYS =
      List.of(DRIVER_CLASS, USERNAME, PASSWORD, POOL_SIZE, CONNECTION_TIMEOUT);

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public JdbcLockProviderFactory() {}

  @Override
  public String type() {
    return "jdbc";
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    String table = settings.value(TABLE);
    String[] columns = {
      settings.value(COLUMN_NAME),
      settings.value(COLUMN_LOCK_UNTIL),
      settings.value(COLUMN_LOCKED_AT),
      settings.value(COLUMN_LOCKED_BY)
    };
    boolean createTable = settings.value(CREATE_TABLE);

    Optional<String> url = settings.find(URL);
    Optional<String> jndi = settings.find(DATASOURCE);
    JdbcLockProvider.Builder builder =
        JdbcLockProvider.builder()
            .tableName(table)
            .columnNames(columns[0], columns[1], columns[2], columns[3])
            .createTable(createTable)
            .history(HistorySettings.from(settings))
            .nodeId(settings.nodeId());
    if (url.isPresent()) {
      String u = url.get();
      if (jndi.isPresent()) {
        throw new IllegalArgumentException(
            JdbcMessage.CONFLICTING_SETTINGS.text(
                DATASOURCE.invalid(
                    jndi.get(),
                    "it cannot be used together with "
                        + URL
                        + " = \""
                        + JdbcUrls.describe(u)
                        + "\" ("
                        + NOT_SHOWN
                        + ") (set only one: a JNDI DataSource, or a URL for a pool of its own)")));
      }
      if (!u.startsWith("jdbc:")) {
        throw new IllegalArgumentException(invalidUrl(u, "it does not start with jdbc:"));
      }
      int poolSize = settings.value(POOL_SIZE);
      Duration timeout = settings.value(CONNECTION_TIMEOUT);
      String password = settings.find(PASSWORD).orElse(null);
      Redactor redactor = Redactor.forPool(u, password);
      Driver driver = driver(settings, u);
      DataSource pool;
      try {
        pool =
            HikariPools.create(
                u, driver, settings.find(USERNAME).orElse(null), password, poolSize, timeout);
      } catch (LinkageError e) {
        throw new IllegalArgumentException(
            JdbcMessage.POOL_LIBRARY_MISSING.text(poolLibraryMissing(e)), e);
      } catch (RuntimeException e) {
        // HikariCP's messages quote the URL ("Failed to get driver instance for jdbcUrl=..."):
        // neither the message nor the cause goes out as it is.
        String said = redactor.text(e.getMessage());
        String problem =
            hasCause(e, "No suitable driver")
                ? "no JDBC driver on the class path accepts it (" + said + ")"
                : "it cannot be used (" + said + ")";
        throw new IllegalArgumentException(invalidUrl(u, problem), redactor.chain(e));
      }
      return builder
          .dataSource(pool)
          .dataSourceDescription(JdbcUrls.describe(u))
          .redactor(redactor)
          .closeDataSourceOnClose(true)
          .build();
    }
    for (ConfigKey<?> key : URL_ONLY_KEYS) {
      if (settings.get(key.name()).isPresent()) {
        throw new IllegalArgumentException(
            JdbcMessage.CONFLICTING_SETTINGS.text(
                key
                    + " is set but "
                    + URL
                    + " is not: "
                    + key
                    + " only applies to the pool built from "
                    + URL
                    + "; a JNDI DataSource ("
                    + DATASOURCE
                    + ") is configured in the server"));
      }
    }
    String name = jndi.orElse(DEFAULT_DATASOURCE);
    return builder.dataSource(new JndiDataSource(name)).dataSourceDescription(name).build();
  }

  /**
   * The driver of the pool: the configured class, else the application's driver that accepts the
   * URL, else null for DriverManager.
   */
  private static Driver driver(ProviderSettings settings, String url) {
    Optional<String> className = settings.find(DRIVER_CLASS);
    if (className.isEmpty()) {
      return JdbcDrivers.accepting(url).orElse(null);
    }
    try {
      return JdbcDrivers.named(className.get(), url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          JdbcMessage.DRIVER_CLASS.text(DRIVER_CLASS.invalid(className.get(), e.getMessage())),
          e.getCause());
    }
  }

  /**
   * The problem when HikariCP, or a library it needs (SLF4J on servers that give applications
   * none), cannot be loaded: names the class that is missing.
   */
  private static String poolLibraryMissing(LinkageError e) {
    String missing = String.valueOf(e.getMessage()).replace('/', '.');
    if (e instanceof NoClassDefFoundError && missing.startsWith("com.zaxxer.hikari.")) {
      return URL
          + " is set, which needs HikariCP (com.zaxxer:HikariCP) on the class path; add it, or use"
          + " a JNDI DataSource with "
          + DATASOURCE;
    }
    String hint =
        missing.startsWith("org.slf4j.")
            ? "; package slf4j-api (org.slf4j:slf4j-api) with the application: servers such as"
                + " Payara and GlassFish give applications no SLF4J"
            : "; package HikariCP's dependencies with the application";
    return "the pool for "
        + URL
        + " cannot be built: HikariCP cannot load a class it needs ("
        + e
        + ")"
        + hint
        + ", or use a JNDI DataSource with "
        + DATASOURCE;
  }

  /** Whether the exception or one of its causes says this. */
  private static boolean hasCause(Throwable e, String message) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (message.equals(t.getMessage())) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  private static ConfigKey<String> column(String column, String holds) {
    String defaultName = column.replace('-', '_');
    return ConfigKey.withDefault(
        PREFIX + "column." + column,
        IDENTIFIERS,
        defaultName,
        defaultName,
        "The name of the lock table's column holding " + holds + ".");
  }

  private static String jndiName(String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("it is empty");
    }
    if (name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("it contains white space");
    }
    return name;
  }

  /**
   * The problem with the configured URL, which is shown only as {@link JdbcUrls#describe} tells it:
   * user-info, query and properties may hold secrets in forms no mask can follow.
   */
  private static String invalidUrl(String url, String problem) {
    return JdbcMessage.INVALID_URL.text(
        URL
            + " = \""
            + JdbcUrls.describe(url)
            + "\" ("
            + NOT_SHOWN
            + "): "
            + problem
            + "; expected "
            + JDBC_URL.accepted());
  }
}
