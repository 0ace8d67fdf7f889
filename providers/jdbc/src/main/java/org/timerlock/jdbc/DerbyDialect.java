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
        TableDdl.of("VARCHAR(255)", "TIMESTAMP"),
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

  @Override
  SqlStatement acquire(LockTable t) {
    return takeOverUpdate(t);
  }

  @Override
  AcquireResult acquireResult() {
    return AcquireResult.UPDATE_THEN_INSERT;
  }

  @Override
  SqlStatement secondAcquire(LockTable t) {
    return insertIfAbsent(t, "SYSIBM.SYSDUMMY1");
  }
}
