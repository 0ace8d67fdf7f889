package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * DB2: the standard MERGE. Run against no server here, its statements are checked against reviewed
 * snapshots ({@code SqlSnapshotTest}); the lease only (no fire guard, no fencing tokens).
 */
final class Db2Dialect extends Dialect {

  Db2Dialect() {
    super(
        "DB2",
        TableDdl.of("VARCHAR(%d)", "TIMESTAMP(3)"),
        SqlErrors.states("42704"),
        SqlErrors.states("42710"),
        Quirk.INSERT_MAY_RACE,
        Quirk.PADS_SPACES);
  }

  @Override
  String now() {
    return "CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("(" + base + " + CAST(")
        .param(v -> duration.apply(v).toMillis() * 1000L)
        .sql(" AS BIGINT) MICROSECONDS)");
  }

  @Override
  String selectNow() {
    return "SELECT " + now() + " FROM SYSIBM.SYSDUMMY1";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    return standardMerge(t, mode, t.table() + " tl", "SYSIBM.SYSDUMMY1", false, "");
  }
}
