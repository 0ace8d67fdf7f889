package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

/**
 * Four nodes, two threads each, racing for 200 names nobody has used: every name is taken exactly
 * once, and the database saw no failed statement; nor did it when the first node created the table.
 */
class ContentionTest {

  private static final int NODES = 4;
  private static final int THREADS_PER_NODE = 2;
  private static final int NAMES = 200;

  @Test
  void postgresRollsNothingBack() throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource admin = Pools.pool(db, 1)) {
      // Create the table first: nodes that start at the same instant on a fresh database race to
      // create it, and the losers' CREATE TABLE fails (tolerated). Its pool's backend exits and
      // flushes its statistics before the measurement.
      try (HikariDataSource setUp = Pools.pool(db, 1)) {
        warmUp(setUp);
      }
      long before = waitForStats(admin, 0);
      int errors = race(db);
      // The pools are closed: their backends have exited and flushed their statistics.
      long after = waitForStats(admin, before);
      assertThat(errors).as("SQLExceptions seen by the driver").isZero();
      assertThat(after - before).as("pg_stat_database.xact_rollback delta").isZero();

      // Control: the counter does see a failed statement.
      assertThatThrownBy(() -> Pools.exec(admin, "SELECT 1/0"))
          .isInstanceOf(RuntimeException.class);
      assertThat(waitForStats(admin, after) - after).as("control rollback counted").isPositive();
    }
  }

  /** The first acquire on a fresh schema creates the table without a failed statement. */
  @Test
  void postgresCreatesTheTableWithoutAFailedStatement() throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource admin = Pools.pool(db, 1)) {
      long before = waitForStats(admin, 0);
      CountingDataSource counting;
      try (HikariDataSource pool = Pools.pool(db, 1)) {
        counting = new CountingDataSource(pool);
        warmUp(counting.dataSource());
      }
      // The pool is closed: its backend has exited and flushed its statistics.
      long after = waitForStats(admin, before);
      assertThat(Pools.queryLong(admin, "SELECT count(*) FROM shedlock")).isOne();
      assertThat(counting.errors.get()).as("SQLExceptions seen by the driver").isZero();
      assertThat(after - before).as("pg_stat_database.xact_rollback delta").isZero();
    }
  }

  @Test
  void mariaDbRollsNothingBack() throws Exception {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.MARIADB, getClass())) {
      List<HikariDataSource> pools = new ArrayList<>();
      for (int n = 0; n < NODES; n++) {
        pools.add(Pools.pool(db, THREADS_PER_NODE));
      }
      try {
        warmUp(pools.get(0));
        int errors = race(pools);
        assertThat(errors).as("SQLExceptions seen by the driver").isZero();
        long rollbacks = 0;
        for (HikariDataSource pool : pools) {
          rollbacks += sessionRollbacks(pool);
        }
        assertThat(rollbacks).as("Handler_rollback of every pool connection").isZero();

        // Control: a duplicate-key failure on such a connection is counted.
        try (Connection c = pools.get(0).getConnection();
            Statement s = c.createStatement()) {
          long start = sessionCounter(s);
          assertThatThrownBy(() -> s.execute("INSERT INTO shedlock SELECT * FROM shedlock LIMIT 1"))
              .isInstanceOf(SQLException.class);
          assertThat(sessionCounter(s) - start).as("control rollback counted").isPositive();
        }
      } finally {
        pools.forEach(HikariDataSource::close);
      }
    }
  }

  private static void warmUp(javax.sql.DataSource ds) {
    try (JdbcLockProvider p = JdbcLockProvider.builder().dataSource(ds).build()) {
      p.lock(LockConfiguration.of("warm-up", Duration.ofMillis(1))).orElseThrow();
    }
  }

  private static int race(IsolatedDatabase db) throws Exception {
    List<HikariDataSource> pools = new ArrayList<>();
    for (int n = 0; n < NODES; n++) {
      pools.add(Pools.pool(db, THREADS_PER_NODE));
    }
    try {
      return race(pools);
    } finally {
      pools.forEach(HikariDataSource::close);
    }
  }

  /** Returns the number of SQLExceptions the drivers threw. */
  private static int race(List<HikariDataSource> pools) throws Exception {
    String prefix = Pools.unique("race-");
    AtomicIntegerArray taken = new AtomicIntegerArray(NAMES);
    List<CountingDataSource> counters = new ArrayList<>();
    List<JdbcLockProvider> nodes = new ArrayList<>();
    for (int n = 0; n < NODES; n++) {
      CountingDataSource counting = new CountingDataSource(pools.get(n));
      counters.add(counting);
      nodes.add(
          JdbcLockProvider.builder().dataSource(counting.dataSource()).nodeId("n" + n).build());
    }
    ExecutorService threads = Executors.newFixedThreadPool(NODES * THREADS_PER_NODE);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < NODES * THREADS_PER_NODE; t++) {
        JdbcLockProvider node = nodes.get(t % NODES);
        futures.add(
            threads.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < NAMES; i++) {
                    LockConfiguration c = LockConfiguration.of(prefix + i, Duration.ofMinutes(5));
                    if (node.lock(c).isPresent()) {
                      taken.incrementAndGet(i);
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get(2, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
      nodes.forEach(JdbcLockProvider::close);
    }
    for (int i = 0; i < NAMES; i++) {
      assertThat(taken.get(i)).as("acquisitions of name #%d", i).isEqualTo(1);
    }
    return counters.stream().mapToInt(c -> c.errors.get()).sum();
  }

  private static long xactRollback(javax.sql.DataSource ds) {
    return Pools.queryLong(
        ds, "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()");
  }

  /** Statistics reach pg_stat_database shortly after a backend exits; wait for them to settle. */
  private static long waitForStats(javax.sql.DataSource ds, long previous) throws Exception {
    long value = xactRollback(ds);
    for (int i = 0; i < 20; i++) {
      Thread.sleep(250);
      long next = xactRollback(ds);
      if (next == value && i >= 4) {
        return value;
      }
      value = next;
    }
    return value;
  }

  private static long sessionRollbacks(HikariDataSource pool) throws SQLException {
    // Borrow every connection of the pool at once: each is one of the sessions that raced.
    List<Connection> connections = new ArrayList<>();
    try {
      long sum = 0;
      for (int i = 0; i < pool.getHikariPoolMXBean().getTotalConnections(); i++) {
        Connection c = pool.getConnection();
        connections.add(c);
        try (Statement s = c.createStatement()) {
          sum += sessionCounter(s);
        }
      }
      return sum;
    } finally {
      for (Connection c : connections) {
        c.close();
      }
    }
  }

  private static long sessionCounter(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Handler_rollback'")) {
      rs.next();
      return rs.getLong(2);
    }
  }
}
