package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * Oracle: MERGE with the take-over condition as a WHERE of the update. Run against no server here,
 * its statements are checked against reviewed snapshots ({@code SqlSnapshotTest}); the lease only
 * (no fire guard, no fencing tokens).
 */
final class OracleDialect extends Dialect {

  OracleDialect() {
    super(
        "Oracle",
        TableDdl.of("VARCHAR2(%d CHAR)", "TIMESTAMP(3)").bigIntType("NUMBER(19)"),
        SqlErrors.codes(942),
        SqlErrors.codes(955),
        Quirk.INSERT_MAY_RACE);
  }

  @Override
  String now() {
    return "CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("(" + base + " + NUMTODSINTERVAL(")
        .param(v -> duration.apply(v).toMillis())
        .sql(" / 1000, 'SECOND'))");
  }

  @Override
  String selectNow() {
    return "SELECT " + now() + " FROM dual";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    return standardMerge(t, mode, t.table() + " tl", "dual", true, "");
  }
}
