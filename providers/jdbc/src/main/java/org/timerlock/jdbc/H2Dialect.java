package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/** H2: the standard MERGE. */
final class H2Dialect extends Dialect {

  H2Dialect() {
    super(
        "H2",
        TableDdl.of("VARCHAR(255)", "TIMESTAMP(3)").ifNotExists(),
        SqlErrors.states("42S02", "42S04").orCodes(42102, 42104),
        SqlErrors.NONE,
        Quirk.INSERT_MAY_RACE);
  }

  @Override
  String now() {
    // LOCALTIMESTAMP is the session's zone; shift it by the session's offset to get UTC.
    return "DATEADD(SECOND, -(EXTRACT(TIMEZONE_HOUR FROM CURRENT_TIMESTAMP(3)) * 3600"
        + " + EXTRACT(TIMEZONE_MINUTE FROM CURRENT_TIMESTAMP(3)) * 60), LOCALTIMESTAMP(3))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("DATEADD(MILLISECOND, ")
        .param(v -> duration.apply(v).toMillis())
        .sql(", " + base + ")");
  }

  @Override
  SqlStatement acquire(LockTable t) {
    return standardMerge(t, t.table() + " tl", "(SELECT 1 AS one) s", false, "");
  }
}
