package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.time.Duration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.OperationNotSupportedException;
import javax.naming.spi.InitialContextFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/** The factory: configuration keys, error messages, the URL mode and the late JNDI DataSource. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FactoryTest {

  /** Names bound in the test's JNDI. */
  static final Map<String, Object> JNDI = new ConcurrentHashMap<>();

  private String previousFactory;

  @BeforeAll
  void installJndi() {
    previousFactory = System.getProperty(Context.INITIAL_CONTEXT_FACTORY);
    System.setProperty(Context.INITIAL_CONTEXT_FACTORY, MapContextFactory.class.getName());
  }

  @AfterAll
  void removeJndi() {
    if (previousFactory == null) {
      System.clearProperty(Context.INITIAL_CONTEXT_FACTORY);
    } else {
      System.setProperty(Context.INITIAL_CONTEXT_FACTORY, previousFactory);
    }
    JNDI.clear();
  }

  @Test
  void registeredForTypeJdbc() {
    assertThat(ServiceLoader.load(LockProviderFactory.class))
        .anySatisfy(f -> assertThat(f).isInstanceOf(JdbcLockProviderFactory.class));
    assertThat(new JdbcLockProviderFactory().type()).isEqualTo("jdbc");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "timerlock.jdbc.table=shed-lock | timerlock.jdbc.table = \"shed-lock\": it does not follow"
            + " the rule; expected an SQL identifier",
        "timerlock.jdbc.table=a.b.c | timerlock.jdbc.table = \"a.b.c\": it does not follow the rule",
        "timerlock.jdbc.table=x;drop table y | timerlock.jdbc.table = \"x;drop table y\": it does not"
            + " follow the rule",
        "timerlock.jdbc.create-table=yes | timerlock.jdbc.create-table = \"yes\": it is not a"
            + " boolean; expected true or false",
        "timerlock.jdbc.column.locked-by=1by | timerlock.jdbc.column.locked-by = \"1by\": it does"
            + " not follow the rule; expected an SQL identifier",
        "timerlock.jdbc.url=postgres://h/db | timerlock.jdbc.url = \"postgres://h/db\" (shown"
            + " without user, password, query and properties): it does not start with jdbc:",
        "timerlock.jdbc.username=app | timerlock.jdbc.username is set but timerlock.jdbc.url is not",
        "timerlock.jdbc.datasource=java:a b | timerlock.jdbc.datasource = \"java:a b\": it contains"
            + " white space",
      })
  void badConfigurationIsNamed(String setting, String expected) {
    String[] kv = setting.split("=", 2);
    assertThatThrownBy(() -> create(Map.of(kv[0], kv[1])))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(expected);
  }

  @Test
  void badTableNameMessage() {
    assertThatThrownBy(() -> create(Map.of("timerlock.jdbc.table", "shed-lock")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-104 timerlock.jdbc.table = \"shed-lock\": it does not follow the rule;"
                + " expected an SQL"
                + " identifier (letters, digits, _ or $, not starting with a digit), optionally"
                + " qualified by a schema as in 'locks.shedlock'");
  }

  @Test
  void badBooleanMessage() {
    assertThatThrownBy(() -> create(Map.of("timerlock.jdbc.create-table", "yes")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-104 timerlock.jdbc.create-table = \"yes\": it is not a boolean; expected"
                + " true or false");
  }

  @Test
  void badUrlMessage() {
    assertThatThrownBy(
            () ->
                create(
                    Map.of("timerlock.jdbc.url", "postgres://u:Secret-1@h/db?password=Secret-2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-302 timerlock.jdbc.url = \"postgres://h/db\" (shown without user,"
                + " password, query and"
                + " properties): it does not start with jdbc:; expected a JDBC URL,"
                + " jdbc:<database>:...");
  }

  @Test
  void badPoolSizeIsNamed() {
    Map<String, String> problems =
        Map.of(
            "0",
            "it is out of range",
            "many",
            "it is not a whole number",
            "-3",
            "it is out of range");
    problems.forEach(
        (size, problem) ->
            assertThatThrownBy(
                    () ->
                        create(
                            Map.of(
                                "timerlock.jdbc.url",
                                "jdbc:postgresql://127.0.0.1:1/x",
                                "timerlock.jdbc.pool-size",
                                size)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                    "TIMERLOCK-104 timerlock.jdbc.pool-size = \""
                        + size
                        + "\": "
                        + problem
                        + "; expected a whole number from 1 to 1000"));
  }

  @Test
  void badConnectionTimeoutIsNamed() {
    Map<String, String> problems =
        Map.of(
            "soon", "it is not a duration", "0s", "it is not positive", "10", "a unit is missing");
    problems.forEach(
        (timeout, problem) ->
            assertThatThrownBy(
                    () ->
                        create(
                            Map.of(
                                "timerlock.jdbc.url",
                                "jdbc:postgresql://127.0.0.1:1/x",
                                "timerlock.jdbc.connection-timeout",
                                timeout)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                    "TIMERLOCK-104 timerlock.jdbc.connection-timeout = \""
                        + timeout
                        + "\": "
                        + problem
                        + "; expected a positive duration: 30s, 2m30s, 500ms, 1h or ISO-8601 PT30S"));
  }

  @Test
  void bothDataSourceAndUrlIsAnErrorAndHidesThePassword() {
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "timerlock.jdbc.datasource", "java:app/ds",
                        "timerlock.jdbc.url", "jdbc:postgresql://h/db?user=u&password=secret")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-301 timerlock.jdbc.datasource = \"java:app/ds\": it cannot be used"
                + " together with"
                + " timerlock.jdbc.url = \"jdbc:postgresql://h/db\" (shown without user, password,"
                + " query and properties) (set only one: a JNDI DataSource, or a URL for a pool of"
                + " its own); expected a JNDI name without white space, such as"
                + " java:comp/DefaultDataSource")
        .hasMessageNotContaining("secret");
  }

  @Test
  void passwordIsNeverShown() {
    String secret = "Pa55-w0rd-not-shown";
    assertThatThrownBy(() -> create(Map.of("timerlock.jdbc.password", secret)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "TIMERLOCK-301 timerlock.jdbc.password is set but timerlock.jdbc.url is not")
        .hasMessageNotContaining(secret);
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "timerlock.jdbc.url",
                        "jdbc:no-such-driver://app:" + secret + "@h/db",
                        "timerlock.jdbc.password",
                        secret)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "TIMERLOCK-302 timerlock.jdbc.url = \"jdbc:no-such-driver://h/db\" (shown without"
                + " user, password,"
                + " query and properties): no JDBC driver on the class path accepts it")
        .hasMessageNotContaining(secret)
        .satisfies(
            e -> {
              for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                assertThat(String.valueOf(cause.getMessage())).doesNotContain(secret);
              }
            });
  }

  /**
   * {@link JdbcLockProviderFactory#keys()} declares every key the factory reads, on each path: the
   * pool built from a URL, a named JNDI DataSource and the default one.
   */
  @Test
  void keysListsEveryKeyRead() {
    Map<String, String> urlPath = new HashMap<>();
    urlPath.put("timerlock.jdbc.url", "jdbc:h2:mem:" + Pools.unique("keys") + ";DB_CLOSE_DELAY=-1");
    urlPath.put("timerlock.jdbc.username", "sa");
    urlPath.put("timerlock.jdbc.password", "pw");
    urlPath.put("timerlock.jdbc.pool-size", "1");
    urlPath.put("timerlock.jdbc.connection-timeout", "1s");
    urlPath.put("timerlock.jdbc.table", "key_locks");
    urlPath.put("timerlock.jdbc.create-table", "false");
    urlPath.put("timerlock.jdbc.column.name", "n");
    urlPath.put("timerlock.jdbc.column.lock-until", "u");
    urlPath.put("timerlock.jdbc.column.locked-at", "a");
    urlPath.put("timerlock.jdbc.column.locked-by", "b");
    urlPath.put("timerlock.history.enabled", "true");
    urlPath.put("timerlock.history.max-per-lock", "5");
    urlPath.put("timerlock.history.max-age", "1d");
    List<Map<String, String>> configurations =
        List.of(urlPath, Map.of("timerlock.jdbc.datasource", "java:app/jdbc/keys"), Map.of());

    JdbcLockProviderFactory factory = new JdbcLockProviderFactory();
    List<String> declared = factory.keys().stream().map(ConfigKey::name).toList();
    List<String> history = HistorySettings.KEYS.stream().map(ConfigKey::name).toList();
    assertThat(declared)
        .doesNotHaveDuplicates()
        .allMatch(k -> k.startsWith("timerlock.jdbc.") || history.contains(k))
        .containsAll(history);
    assertThat(factory.keys()).allSatisfy(k -> assertThat(k.description()).isNotBlank());
    Set<String> read = new TreeSet<>();
    for (Map<String, String> values : configurations) {
      Set<String> readHere = new TreeSet<>();
      LockProvider provider = factory.create(recording(values, readHere));
      assertThat(provider.admin().orElseThrow().keepsHistory())
          .as("history for %s", values)
          .isEqualTo(values.containsKey("timerlock.history.enabled"));
      if (provider instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      }
      assertThat(declared).as("keys read for %s", values).containsAll(readHere);
      read.addAll(readHere);
    }
    assertThat(read).as("every declared key is read on some path").containsAll(declared);
  }

  @Test
  void urlModeOwnsItsPool() {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass())) {
      Map<String, String> settings = new HashMap<>();
      settings.put("timerlock.jdbc.url", db.url());
      settings.put("timerlock.jdbc.username", db.user());
      if (db.password() != null) {
        settings.put("timerlock.jdbc.password", db.password());
      }
      settings.put("timerlock.jdbc.pool-size", "2");
      settings.put("timerlock.jdbc.table", db.namespace() + ".factory_locks");
      LockProvider provider = create(settings);
      try {
        SimpleLock lock =
            provider.lock(LockConfiguration.of("factory", Duration.ofMinutes(1))).orElseThrow();
        lock.unlock();
        assertThat(db.url()).contains("?currentSchema=");
        assertThat(provider.description())
            .as("the URL without its query")
            .isEqualTo(
                "JDBC table "
                    + db.namespace()
                    + ".factory_locks on PostgreSQL ("
                    + db.url().substring(0, db.url().indexOf('?'))
                    + ")");
        assertThat(provider.maxNameLength()).isEqualTo(255);
      } finally {
        ((AutoCloseable) provider).close();
      }
      assertThatThrownBy(() -> provider.lock(LockConfiguration.of("x", Duration.ofMinutes(1))))
          .as("closed pool")
          .isInstanceOf(LockException.class);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void dataSourceBoundAfterStartUp() throws Exception {
    String name = "java:app/jdbc/" + Pools.unique("late");
    LockProvider provider = create(Map.of("timerlock.jdbc.datasource", name));
    assertThat(provider.description()).isEqualTo("JDBC table shedlock (" + name + ")");
    LockConfiguration config = LockConfiguration.of("jndi", Duration.ofMinutes(1));
    assertThatThrownBy(() -> provider.lock(config))
        .isInstanceOf(LockException.class)
        .hasMessageContaining(name)
        .hasMessageContaining("not available in JNDI");
    String url = "jdbc:h2:mem:" + Pools.unique("jndi") + ";DB_CLOSE_DELAY=-1";
    try (var pool = Pools.pool(url, "sa", "", 2)) {
      JNDI.put(name, pool);
      Optional<SimpleLock> lock = provider.lock(config);
      assertThat(lock).as("lock once the DataSource is bound").isPresent();
      lock.get().unlock();
      assertThat(provider.description()).isEqualTo("JDBC table shedlock on H2 (" + name + ")");
    } finally {
      JNDI.remove(name);
    }
  }

  /**
   * A JTA transaction on the calling thread (seen through the server's transaction registry): the
   * statements run on the managed executor, never on the caller's (transactional) connection.
   */
  @Test
  void jtaTransactionOnTheCallingThreadIsNotJoined() throws Exception {
    List<String> threads = new CopyOnWriteArrayList<>();
    Executor managed =
        task ->
            new Thread(
                    () -> {
                      threads.add(Thread.currentThread().getName());
                      task.run();
                    },
                    "managed-executor-stand-in")
                .start();
    AtomicInteger status = new AtomicInteger(Status.STATUS_ACTIVE);
    JNDI.put(OutsideCallerTransaction.REGISTRY_JNDI, registryWithStatus(status));
    JNDI.put(OutsideCallerTransaction.EXECUTOR_JNDI, managed);
    String url = "jdbc:h2:mem:" + Pools.unique("jta") + ";DB_CLOSE_DELAY=-1";
    try (var pool = Pools.pool(url, "sa", "", 3);
        Connection callers = pool.getConnection()) {
      CountingDataSource counting = new CountingDataSource(pool);
      counting.bindToThread(callers); // autocommit on: only the registry can tell
      try (JdbcLockProvider provider =
          JdbcLockProvider.builder().dataSource(counting.dataSource()).build()) {
        SimpleLock lock =
            provider.lock(LockConfiguration.of("in-jta", Duration.ofMinutes(1))).orElseThrow();
        lock.unlock();
        assertThat(counting.boundConnectionUses.get()).as("caller's connection used").isZero();
        assertThat(threads).as("operations run on the managed executor").hasSize(2);

        status.set(Status.STATUS_NO_TRANSACTION);
        provider.lock(LockConfiguration.of("no-jta", Duration.ofMinutes(1))).orElseThrow();
        assertThat(counting.boundConnectionUses.get())
            .as("without a transaction the caller's autocommit connection is used")
            .isOne();
        assertThat(threads).hasSize(2);
      } finally {
        counting.unbind();
      }
    } finally {
      JNDI.remove(OutsideCallerTransaction.REGISTRY_JNDI);
      JNDI.remove(OutsideCallerTransaction.EXECUTOR_JNDI);
    }
  }

  /** The registry of a server: one object, whose status is that of the calling thread. */
  private static TransactionSynchronizationRegistry registryWithStatus(AtomicInteger status) {
    return (TransactionSynchronizationRegistry)
        Proxy.newProxyInstance(
            FactoryTest.class.getClassLoader(),
            new Class<?>[] {TransactionSynchronizationRegistry.class},
            (p, m, args) -> {
              if (m.getName().equals("getTransactionStatus")) {
                return status.get();
              }
              throw new UnsupportedOperationException(m.getName());
            });
  }

  @Test
  void defaultsToTheDefaultDataSource() {
    LockProvider provider = create(Map.of());
    assertThat(provider.description())
        .isEqualTo("JDBC table shedlock (java:comp/DefaultDataSource)");
  }

  private static LockProvider create(Map<String, String> values) {
    return new JdbcLockProviderFactory().create(recording(values, new TreeSet<>()));
  }

  /** Settings from a map (an empty value is not set) that record every key asked for. */
  private static ProviderSettings recording(Map<String, String> values, Set<String> read) {
    return new ProviderSettings() {
      @Override
      public Optional<String> get(String key) {
        read.add(key);
        return Optional.ofNullable(values.get(key)).filter(v -> !v.isEmpty());
      }

      @Override
      public String nodeId() {
        return "factory-test";
      }
    };
  }

  /** A JNDI with nothing but {@link #JNDI}'s names, standing for a server's naming service. */
  public static final class MapContextFactory implements InitialContextFactory {
    /** Creates the factory; called by JNDI. */
    public MapContextFactory() {}

    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) {
      return (Context)
          Proxy.newProxyInstance(
              FactoryTest.class.getClassLoader(),
              new Class<?>[] {Context.class},
              (p, m, args) -> {
                switch (m.getName()) {
                  case "lookup":
                    Object found = JNDI.get(String.valueOf(args[0]));
                    if (found == null) {
                      throw new NameNotFoundException(args[0] + " not bound");
                    }
                    return found;
                  case "close":
                    return null;
                  default:
                    throw new OperationNotSupportedException(m.getName());
                }
              });
    }
  }
}
