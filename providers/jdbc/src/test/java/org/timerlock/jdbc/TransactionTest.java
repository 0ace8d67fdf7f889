package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

/** Lock statements commit on their own, whatever transaction state the caller's connection has. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransactionTest {

  private IsolatedDatabase db;
  private HikariDataSource observer;

  @BeforeAll
  void start() {
    db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
    observer = Pools.pool(db, 2);
    Pools.exec(observer, "CREATE TABLE side_effects (id INT PRIMARY KEY)");
  }

  @AfterAll
  void stop() {
    observer.close();
    db.close();
  }

  /** A pool whose connections come with autocommit off: the provider commits its own work. */
  @Test
  void connectionsWithoutAutocommit() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setAutoCommit(false);
    config.setMaximumPoolSize(2);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      CountingDataSource counting = new CountingDataSource(pool);
      try (JdbcLockProvider provider =
          JdbcLockProvider.builder().dataSource(counting.dataSource()).build()) {
        String name = Pools.unique("no-autocommit-");
        SimpleLock lock = provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).get();
        assertThat(ownerSeenByAnotherConnection(name)).as("visible at once").isNotNull();
        lock.unlock();
        assertThat(lockedSeenByAnotherConnection(name)).as("release visible at once").isFalse();
        assertThat(counting.commits.get()).as("commits by the provider").isPositive();
      }
    }
  }

  /**
   * An executor that accepts the statement and never runs it (as GlassFish does with tasks
   * submitted while the application is loading): the caller is not blocked for good, the attempt
   * fails as a store failure naming the wait, and the statement, cancelled, never runs later.
   */
  @Test
  void anExecutorThatNeverRunsTheStatementDoesNotBlockTheCaller() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setAutoCommit(false);
    config.setMaximumPoolSize(2);
    java.util.List<Runnable> accepted = new java.util.concurrent.CopyOnWriteArrayList<>();
    Executor neverRuns = accepted::add;
    try (HikariDataSource pool = new HikariDataSource(config);
        JdbcLockProvider tableMaker = JdbcLockProvider.builder().dataSource(pool).build();
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .outsideTransactionExecutor(neverRuns)
                .outsideTransactionWait(Duration.ofMillis(300))
                .build()) {
      tableMaker.lock(LockConfiguration.of("warm-up", Duration.ofMillis(1)));
      String name = Pools.unique("never-run-");
      assertThatThrownBy(() -> provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))))
          .isInstanceOf(LockException.class)
          .hasStackTraceContaining("did not finish within PT0.3S");
      assertThat(accepted).as("the statement was handed over").isNotEmpty();
      accepted.forEach(
          Runnable::run); // the executor wakes up late: the cancelled task does nothing
      assertThat(ownerSeenByAnotherConnection(name)).as("no row taken late").isNull();
    }
  }

  /**
   * The caller has a connection in an open local transaction bound to its thread (as a
   * transaction-aware DataSource hands out): the lock commits on its own connection, the caller's
   * transaction is left open and untouched.
   */
  @Test
  void callerInLocalTransaction() throws Exception {
    try (HikariDataSource pool = Pools.pool(db, 3);
        Connection callers = pool.getConnection()) {
      CountingDataSource counting = new CountingDataSource(pool);
      try (JdbcLockProvider provider =
          JdbcLockProvider.builder().dataSource(counting.dataSource()).build()) {
        provider.lock(LockConfiguration.of("warm-up", Duration.ofMillis(1)));
        callers.setAutoCommit(false);
        try (Statement s = callers.createStatement()) {
          s.executeUpdate("INSERT INTO side_effects VALUES (1)");
        }
        counting.bindToThread(callers);
        counting.boundConnectionUses.set(0);
        String name = Pools.unique("in-tx-");
        SimpleLock lock;
        try {
          lock = provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).orElseThrow();
          assertThat(ownerSeenByAnotherConnection(name))
              .as("lock visible to other nodes while the caller's transaction is open")
              .isNotNull();
          lock.unlock();
          assertThat(lockedSeenByAnotherConnection(name)).as("release visible at once").isFalse();
        } finally {
          counting.unbind();
        }
        assertThat(callers.getAutoCommit()).as("caller's autocommit setting").isFalse();
        assertThat(Pools.queryLong(observer, "SELECT count(*) FROM side_effects"))
            .as("caller's uncommitted insert still invisible to others")
            .isZero();
        try (Statement s = callers.createStatement();
            ResultSet rs = s.executeQuery("SELECT count(*) FROM side_effects")) {
          rs.next();
          assertThat(rs.getInt(1)).as("caller's transaction still sees its own insert").isOne();
        }
        callers.rollback();
        assertThat(ownerSeenByAnotherConnection(name))
            .as("the caller's rollback does not undo the lock row")
            .isNotNull();
      }
    }
  }

  private String ownerSeenByAnotherConnection(String name) {
    try (Connection c = observer.getConnection();
        PreparedStatement ps =
            c.prepareStatement("SELECT locked_by FROM shedlock WHERE name = ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private boolean lockedSeenByAnotherConnection(String name) {
    try (Connection c = observer.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT lock_until > timezone('UTC', statement_timestamp()) FROM shedlock"
                    + " WHERE name = ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
