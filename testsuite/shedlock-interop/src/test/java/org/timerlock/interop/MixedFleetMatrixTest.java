package org.timerlock.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.stream.Stream;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.timerlock.core.LockProvider;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.redis.RedisLockProvider;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;

/**
 * Every ShedLock set-up against TimerLock on the same table or keys, each scenario in both
 * directions, in the JVM time zone this run was started with (the build runs it in UTC, Asia/Tokyo
 * and America/New_York). The outcome of each set-up and store goes to a results file that {@link
 * MigrationPageTest} compares with the migration page.
 */
class MixedFleetMatrixTest {

  private static final String ZONE = TimeZone.getDefault().getID();
  private static final MatrixResults RESULTS = new MatrixResults();

  private static IsolatedDatabase postgres;
  private static IsolatedDatabase mariadb;
  private static HikariDataSource postgresPool;
  private static HikariDataSource mariadbPool;
  private static RedisNamespace redis;
  private static JedisConnectionFactory redisConnections;

  @BeforeAll
  static void start() {
    assertThat(MatrixResults.ZONES).as("the zones the build runs the matrix in").contains(ZONE);
    postgres = TestStores.isolatedDatabase(StoreKind.POSTGRES, MixedFleetMatrixTest.class);
    mariadb = TestStores.isolatedDatabase(StoreKind.MARIADB, MixedFleetMatrixTest.class);
    postgresPool = MatrixStores.pool(postgres);
    mariadbPool = MatrixStores.pool(mariadb);
    redis = TestStores.redisNamespace(MixedFleetMatrixTest.class);
    URI uri = URI.create(redis.uri());
    redisConnections =
        new JedisConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
    redisConnections.afterPropertiesSet();
    redisConnections.start();
  }

  @AfterAll
  static void stop() {
    RESULTS.write(ZONE);
    IsolatedDatabase pg = postgres;
    IsolatedDatabase maria = mariadb;
    HikariDataSource pgPool = postgresPool;
    HikariDataSource mariaPool = mariadbPool;
    try (pg;
        maria;
        pgPool;
        mariaPool;
        RedisClient client = RedisClient.create(URI.create(redis.uri()))) {
      redisConnections.destroy();
      MatrixStores.deleteKeys(client, redis.keyPrefix());
    }
  }

  static Stream<Arguments> setups() {
    List<Arguments> cases = new ArrayList<>();
    for (ShedLockSetup setup : ShedLockSetup.values()) {
      for (StoreKind store : setup.stores()) {
        cases.add(Arguments.of(setup, store));
      }
    }
    return cases.stream();
  }

  /**
   * Each set-up and store at the same time: each has a table or key space of its own, and its
   * scenarios mostly wait for leases and polls, whose outcomes depend on the stores' clocks, not on
   * how fast this JVM runs.
   */
  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("setups")
  @Execution(ExecutionMode.CONCURRENT)
  void shedLockAndTimerLock(ShedLockSetup setup, StoreKind store) throws Exception {
    String space = setup.name().toLowerCase(Locale.ROOT);
    try (ShedLockNode shedLockNode = shedLock(setup, store, space);
        AutoCloseable timerLockProvider = timerLock(store, space)) {
      Side shedLock = Side.shedLock(shedLockNode);
      Side timerLock = Side.timerLock((LockProvider) timerLockProvider);
      List<String> failures = new ArrayList<>();
      for (Scenario scenario : Scenario.values()) {
        for (boolean shedLockFirst : new boolean[] {true, false}) {
          Side holder = shedLockFirst ? shedLock : timerLock;
          Side other = shedLockFirst ? timerLock : shedLock;
          Scenario.Outcome outcome = scenario.run(holder, other, Scenario.uniqueName(scenario));
          if (outcome == Scenario.Outcome.FAIL) {
            failures.add(scenario.failure(holder, other));
          }
          if (scenario == Scenario.LATE_RELEASE_KEEPS_SUCCESSOR && !shedLockFirst) {
            assertThat(outcome)
                .as("TimerLock's release never frees a lock someone took after its own expired")
                .isNotEqualTo(Scenario.Outcome.FAIL);
          }
        }
      }
      RESULTS.put(
          setup, store, failures.isEmpty() ? MatrixResults.EXCLUDES : String.join("; ", failures));
    }
  }

  /** A ShedLock node of the set-up, on a table of its own created with ShedLock's DDL. */
  private static ShedLockNode shedLock(ShedLockSetup setup, StoreKind store, String space) {
    return switch (setup) {
      case JDBC_TEMPLATE_DB_TIME, JDBC_TEMPLATE_JVM_TIME -> {
        var configuration =
            JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(new JdbcTemplate(pool(store)))
                .withTableName(table(store, space));
        if (setup == ShedLockSetup.JDBC_TEMPLATE_DB_TIME) {
          configuration.usingDbTime();
        }
        var provider = new JdbcTemplateLockProvider(configuration.build());
        yield (name, atMost, atLeast) ->
            provider
                .lock(shedLockConfiguration(name, atMost, atLeast))
                .map(held -> (ShedLockNode.Held) held::unlock);
      }
      case JDBC_PLAIN -> new ShedLock6Jdbc(pool(store), table(store, space));
      case REDIS_SAFE_UPDATE, REDIS_DEFAULT -> {
        var provider =
            new net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider.Builder(
                    redisConnections)
                .keyPrefix(redis.keyPrefix())
                .environment(space)
                .safeUpdate(setup == ShedLockSetup.REDIS_SAFE_UPDATE)
                .build();
        yield (name, atMost, atLeast) ->
            provider
                .lock(shedLockConfiguration(name, atMost, atLeast))
                .map(held -> (ShedLockNode.Held) held::unlock);
      }
    };
  }

  private static net.javacrumbs.shedlock.core.LockConfiguration shedLockConfiguration(
      String name, java.time.Duration atMost, java.time.Duration atLeast) {
    return new net.javacrumbs.shedlock.core.LockConfiguration(
        net.javacrumbs.shedlock.core.ClockProvider.now(), name, atMost, atLeast);
  }

  /** A TimerLock node on the ShedLock node's table or keys. */
  private static AutoCloseable timerLock(StoreKind store, String space) {
    if (store == StoreKind.REDIS) {
      return RedisLockProvider.builder()
          .uri(redis.uri())
          .keyPrefix(redis.keyPrefix())
          .environment(space)
          .build();
    }
    return JdbcLockProvider.builder()
        .dataSource(pool(store))
        .tableName(table(store, space))
        .createTable(false)
        .build();
  }

  /**
   * Creates the set-up's table with ShedLock's documented DDL the first time (each zone's run has
   * namespaces of its own) and returns its name.
   */
  private static String table(StoreKind store, String space) {
    String table = "shedlock_" + space;
    MatrixStores.createShedLockTable(
        pool(store), table, store == StoreKind.POSTGRES ? "TIMESTAMP" : "TIMESTAMP(3)");
    return table;
  }

  private static HikariDataSource pool(StoreKind store) {
    return store == StoreKind.POSTGRES ? postgresPool : mariadbPool;
  }
}
