package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.SqlStatement.Values;
import org.timerlock.testkit.stores.IsolatedDatabase;
import org.timerlock.testkit.stores.StoreKind;
import org.timerlock.testkit.stores.TestStores;

/**
 * On PostgreSQL a refused acquisition writes nothing: run inside a transaction, the acquire
 * statement leaves it without a transaction id, so it locked no row and wrote no WAL (a refusal
 * that locked the row, as {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE} does, gets one). A
 * count, not a timing: it does not depend on load.
 */
class RefusalWritesNothingTest {

  private static final Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  @ParameterizedTest
  @EnumSource(AcquireMode.class)
  void aRefusalOnPostgresTakesNoTransactionId(AcquireMode mode) throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = Pools.pool(db, 2);
        JdbcLockProvider holder = JdbcLockProvider.builder().dataSource(pool).build()) {
      SimpleLock held =
          holder
              .lock(LockConfiguration.of("held", Duration.ofMinutes(5)).forFire(FIRE))
              .orElseThrow();
      LockTable table = LockTable.shedLockLayout("shedlock");
      SqlStatement acquire = new PostgreSqlDialect().acquire(table, mode);
      Values refused =
          new Values(
              "held",
              "other-node",
              Duration.ofMinutes(5),
              Duration.ZERO,
              mode == AcquireMode.FIRE ? FIRE.plusSeconds(60).toEpochMilli() : null);

      try (Connection c = pool.getConnection()) {
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement(acquire.sql())) {
          acquire.bind(ps, refused);
          try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).as("the lock was refused").isNull();
          }
        }
        assertThat(transactionId(c)).as("transaction id after a refusal").isNull();
        c.rollback();
      }
      held.unlock();
    }
  }

  private static String transactionId(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_current_xact_id_if_assigned()");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getString(1);
    }
  }
}
