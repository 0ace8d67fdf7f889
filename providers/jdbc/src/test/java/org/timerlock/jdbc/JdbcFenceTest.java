package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * A holder whose lock expired while it was paused writes after its successor: the fence refuses the
 * stale write, on PostgreSQL, with tokens from two real providers (two nodes).
 */
class JdbcFenceTest {

  private final JdbcFence fence = JdbcFence.inTable("fence");
  private IsolatedDatabase db;
  private HikariDataSource pool;
  private JdbcLockProvider node1;
  private JdbcLockProvider node2;

  @BeforeEach
  void start() throws SQLException {
    db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
    pool = Pools.pool(db, 6);
    node1 = JdbcLockProvider.builder().dataSource(pool).nodeId("node-1").build();
    node2 = JdbcLockProvider.builder().dataSource(pool).nodeId("node-2").build();
    Pools.exec(pool, "CREATE TABLE invoices (id SERIAL PRIMARY KEY, written_by VARCHAR(20))");
    try (Connection c = pool.getConnection()) {
      fence.createTableIfMissing(c);
      fence.createTableIfMissing(c); // a second start finds it
    }
  }

  @AfterEach
  void stop() {
    node1.close();
    node2.close();
    pool.close();
    db.close();
  }

  @Test
  void aPausedHoldersWriteAfterItsSuccessorsIsRefused() throws Exception {
    LockConfiguration job = LockConfiguration.of("invoice-run", Duration.ofMillis(300));
    SimpleLock stale = node1.lock(job).orElseThrow();
    long staleToken = stale.fencingToken().orElseThrow();
    // node-1 pauses (a GC pause, a stalled VM) past lockAtMostFor; node-2 takes over and writes.
    SimpleLock successor =
        awaitLock(node2, job).orElseThrow(() -> new AssertionError("the lease never expired"));
    long successorToken = successor.fencingToken().orElseThrow();
    assertThat(successorToken).isGreaterThan(staleToken);
    write("node-2", successorToken);
    successor.unlock();

    // node-1 wakes up and carries on with its work.
    assertThatThrownBy(() -> write("node-1", staleToken))
        .isInstanceOf(StaleFencingTokenException.class)
        .hasMessageContaining("fencing token " + staleToken)
        .hasMessageContaining("'invoices'");

    assertThat(writers()).containsExactly("node-2");
  }

  /**
   * The refused resource's name is the application's text: the message quotes it escaped, so it
   * cannot forge a log line, and cut, so a huge one does not flood the log; {@code resource()}
   * keeps it as it was.
   */
  @Test
  void aRefusedResourceIsQuotedEscapedAndCut() throws SQLException {
    String forged = "invoices\r\nTIMERLOCK-999 forged line\u2028\t";
    String resource = forged + "x".repeat(200);
    try (Connection c = pool.getConnection()) {
      fence.check(c, resource, 20);
      StaleFencingTokenException refused =
          assertThrows(StaleFencingTokenException.class, () -> fence.check(c, resource, 10));
      System.out.println("Refused: " + refused.getMessage());
      assertThat(refused.getMessage())
          .doesNotContain("\n", "\r", "\t", "\u2028")
          .contains("'invoices\\r\\nTIMERLOCK-999 forged line\\u2028\\t" + "x".repeat(63) + "...'")
          .doesNotContain("x".repeat(64));
      assertThat(refused.resource()).isEqualTo(resource);
    }
  }

  @Test
  void theSameHolderWritesAsOftenAsItLikes() throws Exception {
    new DefaultLockingTaskExecutor(node1)
        .executeWithLock(
            () -> {
              try (Connection c = pool.getConnection()) {
                for (int i = 0; i < 3; i++) {
                  fence.check(c, "invoices"); // autocommit: each check its own transaction
                }
              } catch (SQLException e) {
                throw new IllegalStateException(e);
              }
            },
            LockConfiguration.of("invoice-run", Duration.ofMinutes(1)));
    assertThat(fenceToken("invoices")).isPositive();
  }

  @Test
  void whileAStaleHoldersTransactionIsOpenTheSuccessorWaitsThenWins() throws Exception {
    // The stale holder checked first and has not committed: its row lock holds the successor
    // back, so the stale writes land first and the successor's come after them, never between.
    ExecutorService threads = Executors.newSingleThreadExecutor();
    try (Connection staleTx = pool.getConnection()) {
      staleTx.setAutoCommit(false);
      fence.check(staleTx, "invoices", 10);
      insert(staleTx, "stale");
      CountDownLatch started = new CountDownLatch(1);
      Future<?> successor =
          threads.submit(
              () -> {
                started.countDown();
                write("successor", 11);
                return null;
              });
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
      staleTx.commit();
      successor.get(30, TimeUnit.SECONDS);
    } finally {
      threads.shutdownNow();
    }
    assertThat(writers()).containsExactly("stale", "successor");
    assertThatThrownBy(() -> write("stale", 10)).isInstanceOf(StaleFencingTokenException.class);
  }

  @Test
  void manyFirstWritersRaceToCreateTheResourceRowWithoutAFailedTransaction() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(6);
    List<Future<Boolean>> writers = new ArrayList<>();
    CountDownLatch go = new CountDownLatch(1);
    try {
      for (int i = 0; i < 6; i++) {
        long token = 100 + i;
        writers.add(
            threads.submit(
                () -> {
                  go.await();
                  try {
                    write("w" + token, token);
                    return true;
                  } catch (StaleFencingTokenException e) {
                    return false;
                  }
                }));
      }
      go.countDown();
      for (Future<Boolean> writer : writers) {
        writer.get(30, TimeUnit.SECONDS); // no other SQLException
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(fenceToken("new-resource")).isEqualTo(105);
  }

  private java.util.Optional<SimpleLock> awaitLock(JdbcLockProvider node, LockConfiguration job)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      java.util.Optional<SimpleLock> lock = node.lock(job);
      if (lock.isPresent()) {
        return lock;
      }
      Thread.sleep(20);
    }
    return java.util.Optional.empty();
  }

  /** One transaction: the fence check, then the write. */
  private void write(String writer, long token) throws SQLException {
    String resource = writer.startsWith("w") ? "new-resource" : "invoices";
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try {
        fence.check(c, resource, token);
        insert(c, writer);
        c.commit();
      } catch (SQLException e) {
        c.rollback();
        throw e;
      }
    }
  }

  private static void insert(Connection c, String writer) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("INSERT INTO invoices (written_by) VALUES (?)")) {
      s.setString(1, writer);
      s.executeUpdate();
    }
  }

  private List<String> writers() throws SQLException {
    List<String> writers = new ArrayList<>();
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT written_by FROM invoices WHERE written_by NOT LIKE 'w%' ORDER BY id");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        writers.add(rs.getString(1));
      }
    }
    return writers;
  }

  private long fenceToken(String resource) {
    return Pools.queryLong(pool, "SELECT token FROM fence WHERE resource = '" + resource + "'");
  }
}
