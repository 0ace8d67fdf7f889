package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * Derby: its MERGE does not re-check {@code WHEN MATCHED AND} against a concurrent update, so an
 * UPDATE takes over an expired row and, when that finds none, an INSERT adds a missing one.
 */
final class DerbyDialect extends Dialect {

  DerbyDialect() {
    super(
        "Derby",
        TableDdl.of("VARCHAR(%d)", "TIMESTAMP"),
        SqlErrors.states("42X05"),
        SqlErrors.states("X0Y32"),
        Quirk.INSERT_MAY_RACE,
        Quirk.PADS_SPACES);
  }

  @Override
  String now() {
    // Derby has no UTC clock function: this is the database JVM's local time.
    return "CURRENT_TIMESTAMP";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    // TIMESTAMPADD takes an INTEGER count: whole seconds, then the rest in nanoseconds.
    sql.sql("{fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ")
        .param(v -> (int) (duration.apply(v).toMillis() % 1000L * 1_000_000L))
        .sql(", {fn TIMESTAMPADD(SQL_TSI_SECOND, ")
        .param(v -> Math.toIntExact(duration.apply(v).toMillis() / 1000L))
        .sql(", " + base + ")})}");
  }

  /**
   * Derby's clock has milliseconds only: a row deleted and taken again within the millisecond of
   * its last acquisition can repeat a token. Its local time, like {@link #now()}.
   */
  @Override
  String epochMicros() {
    return "({fn TIMESTAMPDIFF(SQL_TSI_FRAC_SECOND, TIMESTAMP('1970-01-01 00:00:00'),"
        + " CURRENT_TIMESTAMP)} / 1000)";
  }

  @Override
  String epoch() {
    return "TIMESTAMP('1970-01-01 00:00:00')";
  }

  @Override
  String selectNow() {
    return "SELECT " + now() + " FROM SYSIBM.SYSDUMMY1";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    return takeOverUpdate(t, mode);
  }

  @Override
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    return new AcquireStrategy.UpdateThenInsert(
        mode, acquire(t, mode), insertIfAbsent(t, mode, "SYSIBM.SYSDUMMY1"), selectState(t, mode));
  }
}
