package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.jdbc.SqlStatement.Values;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Every form of the MySQL/MariaDB acquire statement, run on the real MariaDB server whatever this
 * server's binary log makes the provider pick: with and without {@code RETURNING}, the new row from
 * {@code SELECT ... FROM DUAL} and from {@code VALUES} (STATEMENT-format binary logs), in each
 * acquire mode. Take, refuse, release, take over: the outcomes and tokens a provider relies on.
 */
class MySqlStatementsOnMariaDbTest {

  private static final long FIRE = 1_893_456_000_000L;
  private static IsolatedDatabase db;

  @BeforeAll
  static void database() {
    db = TestStores.isolatedDatabase(StoreKind.MARIADB, MySqlStatementsOnMariaDbTest.class);
  }

  @AfterAll
  static void dropDatabase() {
    db.close();
  }

  static Stream<Arguments> forms() {
    Stream.Builder<Arguments> forms = Stream.builder();
    for (boolean returning : new boolean[] {true, false}) {
      for (boolean rowFromSelect : new boolean[] {true, false}) {
        for (AcquireMode mode : AcquireMode.values()) {
          forms.add(Arguments.of(returning, rowFromSelect, mode));
        }
      }
    }
    return forms.build();
  }

  @ParameterizedTest(name = "returning={0} rowFromSelect={1} {2}")
  @MethodSource("forms")
  void takesRefusesAndTakesOver(boolean returning, boolean rowFromSelect, AcquireMode mode)
      throws SQLException {
    MySqlDialect dialect = new MySqlDialect("MariaDB", returning, "utf8mb4_bin", rowFromSelect);
    LockTable table = LockTable.shedLockLayout(Pools.unique("t"));
    AcquireStrategy acquire = dialect.acquireStrategy(table, mode);
    boolean fire = mode.fire();
    try (Connection c = db.connect()) {
      try (Statement s = c.createStatement()) {
        s.execute(dialect.createTable(table));
      }
      AcquireStrategy.Attempt first = acquire.tryAcquire(c, values("a", fire ? FIRE : null));
      assertThat(first.outcome()).isEqualTo(Outcome.ACQUIRED);
      assertThat(first.row().fencingToken() != null).isEqualTo(mode.tokens());

      Long later = fire ? FIRE + 60_000 : null;
      assertThat(acquire.tryAcquire(c, values("b", later)).outcome())
          .isEqualTo(Outcome.HELD_ELSEWHERE);

      assertThat(run(c, dialect.release(table), values("a", null))).isOne();
      if (fire) {
        assertThat(acquire.tryAcquire(c, values("b", FIRE)).outcome())
            .isEqualTo(Outcome.ALREADY_RAN);
      }
      AcquireStrategy.Attempt second = acquire.tryAcquire(c, values("b", later));
      assertThat(second.outcome()).isEqualTo(Outcome.ACQUIRED);
      if (mode.tokens()) {
        assertThat(second.row().fencingToken()).isGreaterThan(first.row().fencingToken());
      }
      assertThat(run(c, dialect.extend(table), values("b", null))).isOne();
      if (mode.pauses()) {
        assertThat(run(c, dialect.release(table), values("b", null))).isOne();
        try (Statement s = c.createStatement()) {
          s.executeUpdate("UPDATE " + table.table() + " SET paused_by = 'ops'");
        }
        Long next = fire ? FIRE + 120_000 : null;
        assertThat(acquire.tryAcquire(c, values("c", next)).outcome())
            .as("a free lock, paused until resumed")
            .isEqualTo(Outcome.PAUSED);
      }
    }
  }

  private static Values values(String owner, Long fire) {
    return new Values("job", owner, Duration.ofMinutes(5), Duration.ZERO, fire);
  }

  private static int run(Connection c, SqlStatement statement, Values values) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(statement.sql())) {
      statement.bind(ps, values);
      return ps.executeUpdate();
    }
  }
}
