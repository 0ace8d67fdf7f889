package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.jdbc.AcquireStrategy.Attempt;
import org.timerlock.jdbc.SqlStatement.Values;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * A fleet racing for the same lock on PostgreSQL: the nodes that lose write nothing, also when
 * their statements start while the winner's take-over has not committed yet. The winner's acquire
 * statement runs in a transaction left open; every loser then runs the provider's acquire statement
 * on its own connection, inside a transaction too, so that {@code pg_current_xact_id_if_assigned()}
 * tells exactly whether the statement took a transaction id (a statement that locked or wrote a row
 * has one); the winner commits once every loser has either answered or is waiting for it. Counts,
 * not timings.
 */
class RacingRefusalTest {

  private static final int LOSERS = 4;
  private static final Instant FIRE = Instant.parse("2030-01-01T03:00:00Z");
  private static final LockTable TABLE = LockTable.shedLockLayout("shedlock");

  /** The row exists and is free: the winner is taking it over when the losers arrive. */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersOfATakeOverTakeNoTransactionId(AcquireMode mode) throws Exception {
    race(mode, true);
  }

  /** The name has no row yet: the winner is inserting it when the losers arrive. */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersOfAnInsertTakeNoTransactionId(AcquireMode mode) throws Exception {
    race(mode, false);
  }

  private void race(AcquireMode mode, boolean rowExists) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(LOSERS);
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, LOSERS + 3);
        JdbcLockProvider setup = JdbcLockProvider.builder().dataSource(pool).build()) {
      // The provider creates the table, with every optional column, and, for a take-over, leaves
      // a released row whose last granted fire is before the raced one.
      LockConfiguration earlier =
          rowExists
              ? LockConfiguration.of("raced", Duration.ofMinutes(5)).forFire(FIRE.minusSeconds(60))
              : LockConfiguration.of("other", Duration.ofMinutes(5));
      setup.lock(earlier).orElseThrow().unlock();
      AcquireStrategy strategy;
      try (Connection c = pool.getConnection()) {
        strategy = DatabaseProducts.detect(c.getMetaData()).acquireStrategy(TABLE, mode);
      }
      try (Connection winner = pool.getConnection();
          Connection observer = pool.getConnection()) {
        winner.setAutoCommit(false);
        Attempt won = strategy.tryAcquire(winner, values("winner", mode));
        assertThat(won.outcome()).as("the winner's attempt").isEqualTo(Outcome.ACQUIRED);

        List<Loser> losers = new ArrayList<>();
        for (int i = 0; i < LOSERS; i++) {
          losers.add(new Loser(pool.getConnection(), strategy, values("loser-" + i, mode)));
        }
        List<Future<LoserSaw>> answers = new ArrayList<>();
        for (Loser loser : losers) {
          answers.add(threads.submit(loser::attempt));
        }
        awaitAnsweredOrWaiting(observer, losers, answers);
        winner.commit();

        for (Future<LoserSaw> answer : answers) {
          LoserSaw saw = answer.get(2, TimeUnit.MINUTES);
          System.out.printf(
              "PostgreSQL %s race, %s: loser answered %s, transaction id %s%n",
              rowExists ? "take-over" : "insert", mode, saw.outcome(), saw.transactionId());
          assertThat(saw.outcome()).as("a loser's answer").isEqualTo(Outcome.HELD_ELSEWHERE);
          assertThat(saw.transactionId()).as("a loser's transaction id").isNull();
        }
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static Values values(String owner, AcquireMode mode) {
    return new Values(
        "raced",
        owner,
        Duration.ofMinutes(5),
        Duration.ZERO,
        mode.fire() ? FIRE.toEpochMilli() : null);
  }

  /** What a loser's statement answered, and whether its transaction got an id. */
  record LoserSaw(Outcome outcome, String transactionId) {}

  /** One losing node: its connection, whose backend the observer watches. */
  private static final class Loser {
    private final Connection connection;
    private final AcquireStrategy strategy;
    private final Values values;
    private final int pid;

    Loser(Connection connection, AcquireStrategy strategy, Values values) throws SQLException {
      this.connection = connection;
      this.strategy = strategy;
      this.values = values;
      this.pid = single(connection, "SELECT pg_backend_pid()").intValue();
    }

    LoserSaw attempt() throws SQLException {
      try (connection) {
        connection.setAutoCommit(false);
        Outcome outcome = strategy.tryAcquire(connection, values).outcome();
        Long xid = single(connection, "SELECT pg_current_xact_id_if_assigned()::text::bigint");
        connection.rollback();
        return new LoserSaw(outcome, xid == null ? null : xid.toString());
      }
    }
  }

  /**
   * Waits until every loser has answered or waits on a lock (the winner's transaction): only then
   * has each loser's statement surely started before the winner commits.
   */
  private static void awaitAnsweredOrWaiting(
      Connection observer, List<Loser> losers, List<Future<LoserSaw>> answers)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (true) {
      List<Integer> pending = new ArrayList<>();
      for (int i = 0; i < losers.size(); i++) {
        if (!answers.get(i).isDone()) {
          pending.add(losers.get(i).pid);
        }
      }
      if (pending.isEmpty() || waitingOnLocks(observer, pending) == pending.size()) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("losers neither answered nor waited within 2 minutes");
      }
      Thread.sleep(20);
    }
  }

  private static int waitingOnLocks(Connection observer, List<Integer> pids) throws SQLException {
    try (PreparedStatement ps =
        observer.prepareStatement(
            "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(?) AND wait_event_type = 'Lock'")) {
      Array array = observer.createArrayOf("int4", pids.toArray());
      ps.setArray(1, array);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  private static Long single(Connection c, String sql) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      long value = rs.getLong(1);
      return rs.wasNull() ? null : value;
    }
  }
}
