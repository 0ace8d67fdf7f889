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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

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
    try (HikariDataSource pool = withoutAutocommit()) {
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
   * An executor that accepts the statement and never starts it (as GlassFish does with tasks
   * submitted while the application is loading): after a few seconds a thread of the provider's own
   * runs it, and the dropped task, should the executor run it late, does nothing.
   */
  @Test
  void aStatementTheExecutorNeverStartsRunsOnTheProvidersOwnThread() throws Exception {
    List<Runnable> accepted = new CopyOnWriteArrayList<>();
    try (HikariDataSource pool = withoutAutocommit();
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .outsideTransactionExecutor(accepted::add)
                .build()) {
      String name = Pools.unique("never-started-");
      SimpleLock lock = provider.lock(LockConfiguration.of(name, Duration.ofMinutes(5))).get();
      assertThat(accepted).as("the statement was handed to the executor first").hasSize(1);
      String owner = ownerSeenByAnotherConnection(name);
      assertThat(owner).as("taken on the provider's own thread").isNotNull();
      accepted.forEach(Runnable::run);
      assertThat(ownerSeenByAnotherConnection(name))
          .as("the late task did nothing")
          .isEqualTo(owner);
      lock.unlock();
      assertThat(lockedSeenByAnotherConnection(name)).isFalse();
    }
  }

  /**
   * A server stopping during a run shuts its managed executor down before the run ends: the
   * release, and a fire that starts during the stop, still reach the database, on a thread of the
   * provider's own.
   */
  @Test
  void aStatementAShutDownExecutorRejectsRunsOnTheProvidersOwnThread() throws Exception {
    ExecutorService managed = Executors.newSingleThreadExecutor();
    aRunAcrossTheStop(
        managed,
        () -> {
          managed.shutdown();
          assertThat(managed.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
        });
  }

  /** A stopped executor that refuses with an IllegalStateException (as Open Liberty's does). */
  @Test
  void aStatementAStoppedExecutorRefusesOtherwiseRunsOnTheProvidersOwnThread() throws Exception {
    Executor stopped =
        task -> {
          throw new IllegalStateException("the application is not available");
        };
    aRunAcrossTheStop(stopped, () -> {});
  }

  /** Takes a lock, stops the executor, then releases it and takes and releases another. */
  private void aRunAcrossTheStop(Executor executor, ThrowingRunnable stop) throws Exception {
    try (HikariDataSource pool = withoutAutocommit();
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .outsideTransactionExecutor(executor)
                .build()) {
      String running = Pools.unique("running-at-stop-");
      SimpleLock lock = provider.lock(LockConfiguration.of(running, Duration.ofMinutes(5))).get();
      stop.run();
      lock.unlock();
      assertThat(lockedSeenByAnotherConnection(running)).as("release after the stop").isFalse();
      String late = Pools.unique("fired-during-stop-");
      SimpleLock lateLock =
          provider.lock(LockConfiguration.of(late, Duration.ofMinutes(5))).orElseThrow();
      assertThat(lockedSeenByAnotherConnection(late)).as("taken after the stop").isTrue();
      lateLock.unlock();
      assertThat(lockedSeenByAnotherConnection(late)).isFalse();
    }
  }

  /** What stops the executor. */
  @FunctionalInterface
  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  /**
   * A statement that cannot finish (another transaction holds the table) does not hold the caller
   * for ever: after {@code outsideTransactionWait} the attempt fails, naming the wait.
   */
  @Test
  void aStatementThatCannotFinishFailsAfterTheWait() throws Exception {
    try (HikariDataSource pool = withoutAutocommit();
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .outsideTransactionWait(Duration.ofSeconds(1))
                .build();
        Connection blocker = observer.getConnection()) {
      provider.lock(LockConfiguration.of("warm-up", Duration.ofMillis(1)));
      blocker.setAutoCommit(false);
      try (Statement s = blocker.createStatement()) {
        s.execute("LOCK TABLE shedlock IN ACCESS EXCLUSIVE MODE");
      }
      try {
        String name = Pools.unique("blocked-");
        assertThatThrownBy(() -> provider.lock(LockConfiguration.of(name, Duration.ofSeconds(2))))
            .isInstanceOf(LockException.class)
            .hasStackTraceContaining("did not finish within PT1S");
      } finally {
        blocker.rollback();
        blocker.setAutoCommit(true);
      }
    }
  }

  private HikariDataSource withoutAutocommit() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.url());
    config.setUsername(db.user());
    config.setAutoCommit(false);
    config.setMaximumPoolSize(2);
    return new HikariDataSource(config);
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
