package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.SqlStatement.Values;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * A refused acquisition writes nothing, also in a table with the columns of the last run, which a
 * recorded run has filled and which the refusal leaves as they were. Each check runs the acquire
 * statement the provider would run, refused, inside a transaction on one connection, and reads what
 * that session did from the database's own per-session counters (the server's global counters are
 * shared with every other client). Counts, not timings: they do not depend on load.
 *
 * <ul>
 *   <li>PostgreSQL: the transaction has no transaction id, so the statement locked no row and wrote
 *       no WAL (a refusal that locked the row, as {@code INSERT ... ON CONFLICT DO UPDATE ...
 *       WHERE} does, gets one).
 *   <li>MariaDB: the session updated and deleted no row ({@code Handler_update}, {@code
 *       Handler_delete}) and its InnoDB transaction modified none ({@code trx_rows_modified}).
 * </ul>
 */
class RefusalWritesNothingTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void aRefusalOnPostgresTakesNoTransactionId(AcquireMode mode) throws SQLException {
    refuse(StoreKind.POSTGRES, Refused.HELD, mode, RefusalWritesNothingTest::takesNoTransactionId);
  }

  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void aRefusalOnMariaDbChangesNoRow(AcquireMode mode) throws SQLException {
    refuse(StoreKind.MARIADB, Refused.HELD, mode, RefusalWritesNothingTest::changesNoRow);
  }

  /** A refusal of a paused lock that no node holds, in the modes that check pauses. */
  @ParameterizedTest
  @EnumSource(names = {"LEASE_ONLY_PAUSABLE", "PLAIN_PAUSABLE", "FIRE_PAUSABLE"})
  void aPausedRefusalOnPostgresTakesNoTransactionId(AcquireMode mode) throws SQLException {
    refuse(
        StoreKind.POSTGRES, Refused.PAUSED, mode, RefusalWritesNothingTest::takesNoTransactionId);
  }

  /** A refusal of a paused lock that no node holds, in the modes that check pauses. */
  @ParameterizedTest
  @EnumSource(names = {"LEASE_ONLY_PAUSABLE", "PLAIN_PAUSABLE", "FIRE_PAUSABLE"})
  void aPausedRefusalOnMariaDbChangesNoRow(AcquireMode mode) throws SQLException {
    refuse(StoreKind.MARIADB, Refused.PAUSED, mode, RefusalWritesNothingTest::changesNoRow);
  }

  /** Why "held" is refused: another node holds it, or an operator paused it while no node did. */
  private enum Refused {
    HELD("refusal"),
    PAUSED("paused refusal");

    final String label;

    Refused(String label) {
      this.label = label;
    }

    /** Brings "held" into this state; the lock to release at the end, or null. */
    SimpleLock arrange(JdbcLockProvider holder) {
      if (this == HELD) {
        return holdLock(holder);
      }
      holdLock(holder).unlock(RunEnd.failed(new IllegalStateException("disk full")));
      holder.admin().orElseThrow().pause("held", null, "ops");
      return null;
    }
  }

  /** What one database's own counters say about the refusal just run in the open transaction. */
  private interface WriteCheck {
    void check(Connection c, AcquireMode mode, String label) throws SQLException;
  }

  /**
   * Runs the refused acquire statement in a transaction on a fresh database of the kind, checks
   * what that transaction did, rolls it back and checks that the recorded run is as it was.
   */
  private void refuse(StoreKind kind, Refused refused, AcquireMode mode, WriteCheck writes)
      throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(kind, getClass());
        HikariDataSource pool = Pools.pool(db, 2);
        JdbcLockProvider holder = JdbcLockProvider.builder().dataSource(pool).build()) {
      SimpleLock held = refused.arrange(holder);
      try (Connection c = pool.getConnection()) {
        String lastRun = lastRun(c);
        c.setAutoCommit(false);
        writes.check(c, mode, refused.label);
        c.rollback();
        assertThat(lastRun(c)).as("last run after a refusal").isEqualTo(lastRun);
      }
      if (held != null) {
        held.unlock();
      }
    }
  }

  private static void takesNoTransactionId(Connection c, AcquireMode mode, String label)
      throws SQLException {
    assertThat(refusedOwner(c, mode)).as("owner after a refusal").isNull();
    String xid = postgresTransactionId(c);
    System.out.printf("PostgreSQL %s %s: transaction id %s%n", label, mode, xid);
    assertThat(xid).as("transaction id after a " + label).isNull();
  }

  private static void changesNoRow(Connection c, AcquireMode mode, String label)
      throws SQLException {
    Map<String, Long> before = handlerCounters(c);
    assertThat(refusedOwner(c, mode)).as("owner after a refusal").isNotEqualTo("other-node");
    Map<String, Long> after = handlerCounters(c);
    long updated = after.get("Handler_update") - before.get("Handler_update");
    long deleted = after.get("Handler_delete") - before.get("Handler_delete");
    long modified = rowsModifiedByTransaction(c);
    System.out.printf(
        "MariaDB %s %s: Handler_update +%d, Handler_delete +%d, trx_rows_modified %d%n",
        label, mode, updated, deleted, modified);
    assertThat(updated).as("rows the refusal updated").isZero();
    assertThat(deleted).as("rows the refusal deleted").isZero();
    assertThat(modified).as("InnoDB trx_rows_modified").isZero();
  }

  /**
   * Takes "held" for a fire, after a failed run for an earlier fire that the release recorded; the
   * provider's first lock attempt also creates the table, with the columns of the last run.
   */
  private static SimpleLock holdLock(JdbcLockProvider holder) {
    LockConfiguration held = LockConfiguration.of("held", Duration.ofMinutes(5));
    holder
        .lock(held.forFire(FIRE.minusSeconds(60)))
        .orElseThrow()
        .unlock(RunEnd.failed(new IllegalStateException("disk full")));
    return holder.lock(held.forFire(FIRE)).orElseThrow();
  }

  /** The last run of "held", as its columns have it; fails on a table without them. */
  private static String lastRun(Connection c) throws SQLException {
    try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT last_run_fire, last_run_by, last_run_started, last_run_ended,"
                    + " last_run_outcome, last_run_error FROM shedlock WHERE name = 'held'");
        ResultSet rs = ps.executeQuery()) {
      assertThat(rs.next()).as("row of held").isTrue();
      StringBuilder run = new StringBuilder();
      for (int i = 1; i <= 6; i++) {
        run.append(rs.getString(i)).append('|');
      }
      assertThat(run.toString()).as("recorded run").contains("FAILED", "disk full");
      return run.toString();
    }
  }

  /**
   * Runs the acquire statement of the connection's dialect for "held" as another node, for a later
   * fire in {@link AcquireMode#FIRE}.
   *
   * @return the owner the statement returned; null when it returned none or only a count
   */
  private static String refusedOwner(Connection c, AcquireMode mode) throws SQLException {
    SqlStatement acquire =
        DatabaseProducts.detect(c.getMetaData())
            .acquire(LockTable.shedLockLayout("shedlock"), mode);
    Values refused =
        new Values(
            "held",
            "other-node",
            Duration.ofMinutes(5),
            Duration.ZERO,
            mode.fire() ? FIRE.plusSeconds(60).toEpochMilli() : null);
    try (PreparedStatement ps = c.prepareStatement(acquire.sql())) {
      acquire.bind(ps, refused);
      if (!ps.execute()) {
        return null;
      }
      try (ResultSet rs = ps.getResultSet()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  private static String postgresTransactionId(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_current_xact_id_if_assigned()");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** This session's handler counters: what its statements did to table rows. */
  private static Map<String, Long> handlerCounters(Connection c) throws SQLException {
    Map<String, Long> counters = new HashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SHOW SESSION STATUS WHERE Variable_name IN ('Handler_update', 'Handler_delete')")) {
      while (rs.next()) {
        counters.put(rs.getString(1), rs.getLong(2));
      }
    }
    return counters;
  }

  /**
   * The rows this session's open InnoDB transaction modified. INFORMATION_SCHEMA.INNODB_TRX is a
   * cache: polled until it shows the transaction with the row lock the statement took.
   */
  private static long rowsModifiedByTransaction(Connection c) throws SQLException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT trx_rows_modified FROM information_schema.INNODB_TRX"
                      + " WHERE trx_mysql_thread_id = CONNECTION_ID() AND trx_rows_locked > 0")) {
        if (rs.next()) {
          return rs.getLong(1);
        }
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("INNODB_TRX did not show this session's transaction in 10 s");
      }
      // The cache is refreshed only when it was not read for 0.1 s: reading it more often than
      // that would keep it stale for good.
      sleep(Duration.ofMillis(250));
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
