package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/** HSQLDB: the standard MERGE, read back through the generated keys of the statement. */
final class HsqlDbDialect extends Dialect {

  HsqlDbDialect() {
    super(
        "HSQLDB",
        TableDdl.of("VARCHAR(%d)", "TIMESTAMP(3)").ifNotExists(),
        SqlErrors.codes(-5501),
        SqlErrors.NONE,
        Quirk.INSERT_MAY_RACE,
        Quirk.PADS_SPACES);
  }

  @Override
  String now() {
    return "CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("DATEADD('millisecond', CAST(")
        .param(v -> duration.apply(v).toMillis())
        .sql(" AS BIGINT), " + base + ")");
  }

  @Override
  String epochMicros() {
    return "DATEDIFF('microsecond', TIMESTAMP '1970-01-01 00:00:00', CAST(CURRENT_TIMESTAMP(6)"
        + " AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(6)))";
  }

  @Override
  String selectNow() {
    return "SELECT " + now() + " FROM (VALUES (0))";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    return standardMerge(t, mode, t.table() + " tl", "(VALUES (0)) s (one)", false, "");
  }

  @Override
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    return new AcquireStrategy.ChangedRowAsKeys(mode, acquire(t, mode), selectState(t, mode), t);
  }
}
