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
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

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
        "timerlock.jdbc.table=shed-lock | timerlock.jdbc.table='shed-lock'",
        "timerlock.jdbc.table=a.b.c | timerlock.jdbc.table='a.b.c'",
        "timerlock.jdbc.table=x;drop table y | not a valid table name",
        "timerlock.jdbc.create-table=yes | timerlock.jdbc.create-table='yes' is not a boolean",
        "timerlock.jdbc.column.locked-by=1by | timerlock.jdbc.column.locked-by='1by'",
        "timerlock.jdbc.url=postgres://h/db | timerlock.jdbc.url='postgres://h/db' is not a JDBC URL",
        "timerlock.jdbc.username=app | timerlock.jdbc.username is set but timerlock.jdbc.url is not",
        "timerlock.jdbc.datasource=java:a b | timerlock.jdbc.datasource='java:a b'",
      })
  void badConfigurationIsNamed(String setting, String expected) {
    String[] kv = setting.split("=", 2);
    assertThatThrownBy(() -> create(Map.of(kv[0], kv[1])))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(expected);
  }

  @Test
  void badPoolSizeIsNamed() {
    for (String size : new String[] {"0", "many", "-3"}) {
      assertThatThrownBy(
              () ->
                  create(
                      Map.of(
                          "timerlock.jdbc.url",
                          "jdbc:postgresql://127.0.0.1:1/x",
                          "timerlock.jdbc.pool-size",
                          size)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("timerlock.jdbc.pool-size='" + size + "'");
    }
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
        .hasMessageContaining("timerlock.jdbc.datasource='java:app/ds'")
        .hasMessageContaining("password=***")
        .hasMessageNotContaining("secret");
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
        assertThat(provider.description())
            .isEqualTo(
                "JDBC table " + db.namespace() + ".factory_locks on PostgreSQL (" + db.url() + ")");
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
    JNDI.put(TransactionIsolation.REGISTRY_JNDI, registryWithStatus(status));
    JNDI.put(TransactionIsolation.EXECUTOR_JNDI, managed);
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
      JNDI.remove(TransactionIsolation.REGISTRY_JNDI);
      JNDI.remove(TransactionIsolation.EXECUTOR_JNDI);
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
    return new JdbcLockProviderFactory()
        .create(
            new ProviderSettings() {
              @Override
              public Optional<String> get(String key) {
                return Optional.ofNullable(values.get(key)).filter(v -> !v.isEmpty());
              }

              @Override
              public String nodeId() {
                return "factory-test";
              }
            });
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
