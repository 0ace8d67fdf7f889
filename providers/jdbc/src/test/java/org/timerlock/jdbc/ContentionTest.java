package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreAddress;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Four nodes, two threads each, racing for 200 names nobody has used: every name is taken exactly
 * once, and the database saw no failed statement; nor did it when the first node created the table.
 * On PostgreSQL the failed statements are counted by pg_stat_database on a database of the test's
 * own, so that nothing else on the server adds to the count.
 */
class ContentionTest {

  private static final int NODES = 4;
  private static final int THREADS_PER_NODE = 2;
  private static final int NAMES = 200;

  @Test
  void postgresRollsNothingBack() throws Exception {
    try (OwnDatabase db = OwnDatabase.create();
        HikariDataSource admin = db.pool(1)) {
      // Create the table first: nodes that start at the same instant on a fresh database race to
      // create it, and the losers' CREATE TABLE fails (tolerated).
      try (HikariDataSource setUp = db.pool(1)) {
        warmUp(setUp);
      }
      long before = settledRollbacks(admin);
      int errors = race(db);
      long after = settledRollbacks(admin);
      assertThat(errors).as("SQLExceptions seen by the driver").isZero();
      assertThat(after - before).as("pg_stat_database.xact_rollback delta").isZero();

      // Control: the counter does see a failed statement.
      try (HikariDataSource failing = db.pool(1)) {
        assertThatThrownBy(() -> Pools.exec(failing, "SELECT 1/0"))
            .isInstanceOf(RuntimeException.class);
      }
      assertThat(settledRollbacks(admin) - after).as("control rollback counted").isPositive();
    }
  }

  /** The first acquire on a fresh schema creates the table without a failed statement. */
  @Test
  void postgresCreatesTheTableWithoutAFailedStatement() throws Exception {
    try (OwnDatabase db = OwnDatabase.create();
        HikariDataSource admin = db.pool(1)) {
      long before = settledRollbacks(admin);
      CountingDataSource counting;
      try (HikariDataSource pool = db.pool(1)) {
        counting = new CountingDataSource(pool);
        warmUp(counting.dataSource());
      }
      long after = settledRollbacks(admin);
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

  private static int race(OwnDatabase db) throws Exception {
    List<HikariDataSource> pools = new ArrayList<>();
    for (int n = 0; n < NODES; n++) {
      pools.add(db.pool(THREADS_PER_NODE));
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

  /**
   * The database's xact_rollback once every other session on it has ended. A backend flushes its
   * statistics as it exits, before it leaves pg_stat_activity; the admin session itself only reads,
   * so the count is then that of the closed pools' sessions.
   */
  private static long settledRollbacks(javax.sql.DataSource admin) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (Pools.queryLong(
            admin,
            "SELECT count(*) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND pid <> pg_backend_pid()")
        > 0) {
      assertThat(System.nanoTime() - deadline)
          .as("other sessions still on the database after 60 s")
          .isNegative();
      Thread.sleep(50);
    }
    return Pools.queryLong(
        admin, "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()");
  }

  /**
   * A PostgreSQL database of the test's own, which nothing else uses: pg_stat_database counts only
   * this test's transactions. Dropped on close.
   */
  private record OwnDatabase(StoreAddress server, String name, String url)
      implements AutoCloseable {

    private static final Pattern URL =
        Pattern.compile("^(jdbc:postgresql://[^/?]+)(/[^?]*)?(\\?.*)?$");

    static OwnDatabase create() throws SQLException {
      StoreAddress server = TestStores.locate(StoreKind.POSTGRES);
      Matcher m = URL.matcher(server.url());
      if (!m.matches()) {
        throw new IllegalArgumentException("Not a PostgreSQL JDBC URL: " + server);
      }
      String name = Pools.unique("tl_contention_");
      execute(server, "CREATE DATABASE " + name);
      return new OwnDatabase(
          server, name, m.group(1) + "/" + name + (m.group(3) == null ? "" : m.group(3)));
    }

    HikariDataSource pool(int size) {
      return Pools.pool(url, server.user(), server.password(), size);
    }

    @Override
    public void close() throws SQLException {
      execute(server, "DROP DATABASE " + name + " WITH (FORCE)");
    }

    private static void execute(StoreAddress server, String sql) throws SQLException {
      try (Connection c =
              DriverManager.getConnection(server.url(), server.user(), server.password());
          Statement s = c.createStatement()) {
        s.execute(sql);
      }
    }
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
