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
 * their statements are sent while the winner's take-over has not committed yet. The winner's
 * acquire runs in a transaction left open; every loser then runs the provider's acquire on its own
 * connection, inside a transaction too, so that {@code pg_current_xact_id_if_assigned()} tells
 * exactly whether it took a transaction id (a statement that locked or wrote a row has one); the
 * winner commits once every loser is waiting for it. Counts, not timings.
 *
 * <p>A loser waits for its turn (the lock's advisory lock, which the winner holds until its commit)
 * and then reads the row as committed: a refused fire is known to have run. A loser whose turn does
 * not come in time (here: it tries once) runs the acquire statement while the take-over is still
 * uncommitted; it skips the row, or waits for the winner's insert, and is refused all the same.
 */
class RacingRefusalTest {

  private static final int LOSERS = 4;
  private static final Instant FIRE = Instant.parse("2030-01-01T03:00:00Z");
  private static final LockTable TABLE = LockTable.shedLockLayout("shedlock");

  /** Longer than any wait of the test: the losers surely wait until the winner commits. */
  private static final PostgreSqlDialect PATIENT = new PostgreSqlDialect(Duration.ofMinutes(5));

  /** A turn that never comes in time: the acquire statement runs as if the wait had run out. */
  private static final PostgreSqlDialect HASTY = new PostgreSqlDialect(Duration.ZERO);

  /** Waiting for the turn: sleeping between two tries of the advisory lock. */
  private static final String WAITING_FOR_TURN = "wait_event = 'PgSleep'";

  /** Waiting for the winner's transaction: a row lock or the winner's insert. */
  private static final String WAITING_ON_A_LOCK = "wait_event_type = 'Lock'";

  /** The row exists and is free: the winner is taking it over when the losers arrive. */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersOfATakeOverWaitTheirTurnAndTakeNoTransactionId(AcquireMode mode) throws Exception {
    race(PATIENT, WAITING_FOR_TURN, mode, true, committedAnswer(mode));
  }

  /** The name has no row yet: the winner is inserting it when the losers arrive. */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersOfAnInsertWaitTheirTurnAndTakeNoTransactionId(AcquireMode mode) throws Exception {
    race(PATIENT, WAITING_FOR_TURN, mode, false, committedAnswer(mode));
  }

  /** The take-over is uncommitted when the losers' statement runs: they skip the row. */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersWithoutTheirTurnSkipATakeOverAndTakeNoTransactionId(AcquireMode mode)
      throws Exception {
    race(HASTY, WAITING_ON_A_LOCK, mode, true, Outcome.HELD_ELSEWHERE);
  }

  /**
   * The insert is uncommitted when the losers' statement runs: they wait for it, then insert
   * nothing.
   */
  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void losersWithoutTheirTurnLoseAnInsertAndTakeNoTransactionId(AcquireMode mode) throws Exception {
    race(HASTY, WAITING_ON_A_LOCK, mode, false, Outcome.HELD_ELSEWHERE);
  }

  /** What a loser that reads the winner's committed row answers: a granted fire has run. */
  private static Outcome committedAnswer(AcquireMode mode) {
    return mode.fire() ? Outcome.ALREADY_RAN : Outcome.HELD_ELSEWHERE;
  }

  private void race(
      PostgreSqlDialect dialect,
      String waiting,
      AcquireMode mode,
      boolean rowExists,
      Outcome expected)
      throws Exception {
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
      AcquireStrategy strategy = dialect.acquireStrategy(TABLE, mode);
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
        awaitAnsweredOrWaiting(observer, waiting, losers, answers);
        winner.commit();

        for (Future<LoserSaw> answer : answers) {
          LoserSaw saw = answer.get(2, TimeUnit.MINUTES);
          System.out.printf(
              "PostgreSQL %s race, %s, %s: loser answered %s, transaction id %s%n",
              rowExists ? "take-over" : "insert",
              dialect == PATIENT ? "waiting its turn" : "without its turn",
              mode,
              saw.outcome(),
              saw.transactionId());
          assertThat(saw.outcome()).as("a loser's answer").isEqualTo(expected);
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
   * Waits until every loser has answered or waits as {@code waiting} says (for its turn, or for the
   * winner's transaction): only then has each loser's acquire surely been sent before the winner
   * commits.
   */
  private static void awaitAnsweredOrWaiting(
      Connection observer, String waiting, List<Loser> losers, List<Future<LoserSaw>> answers)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (true) {
      List<Integer> pending = new ArrayList<>();
      for (int i = 0; i < losers.size(); i++) {
        if (!answers.get(i).isDone()) {
          pending.add(losers.get(i).pid);
        }
      }
      if (pending.isEmpty() || waitingAs(observer, waiting, pending) == pending.size()) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("losers neither answered nor waited within 2 minutes");
      }
      Thread.sleep(20);
    }
  }

  private static int waitingAs(Connection observer, String waiting, List<Integer> pids)
      throws SQLException {
    try (PreparedStatement ps =
        observer.prepareStatement(
            "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(?) AND " + waiting)) {
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
