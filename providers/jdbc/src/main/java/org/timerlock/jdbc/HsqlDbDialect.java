package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/** HSQLDB: the standard MERGE. */
final class HsqlDbDialect extends Dialect {

  HsqlDbDialect() {
    super(
        "HSQLDB",
        TableDdl.of("VARCHAR(255)", "TIMESTAMP(3)").ifNotExists(),
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
  SqlStatement acquire(LockTable t) {
    return standardMerge(t, t.table() + " tl", "(VALUES (0)) s (one)", false, "");
  }
}
