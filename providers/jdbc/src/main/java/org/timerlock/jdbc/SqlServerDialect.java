package org.timerlock.jdbc;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * SQL Server: MERGE under HOLDLOCK; a binary collation on the name. Run against no server here, its
 * statements are checked against reviewed snapshots ({@code SqlSnapshotTest}); the lease only (no
 * fire guard, no fencing tokens).
 */
final class SqlServerDialect extends Dialect {

  SqlServerDialect() {
    super(
        "SQL Server",
        TableDdl.of("NVARCHAR(%d)", "DATETIME2(3)").nameCollation("Latin1_General_100_BIN2"),
        SqlErrors.codes(208),
        SqlErrors.codes(2714),
        Quirk.PADS_SPACES);
  }

  /** The user's default schema, then {@code dbo}, where SQL Server looks next for an object. */
  @Override
  List<String> tableSearchPath(Connection connection) {
    return TableMetadata.listOf(TableMetadata.currentSchema(connection), "dbo");
  }

  @Override
  String identityType() {
    return "BIGINT IDENTITY";
  }

  @Override
  String epoch() {
    return "CAST('1970-01-01' AS DATETIME2(3))";
  }

  @Override
  String now() {
    return "CAST(SYSUTCDATETIME() AS DATETIME2(3))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("DATEADD(MILLISECOND, ")
        .param(v -> (int) (duration.apply(v).toMillis() % 1000L))
        .sql(", DATEADD(SECOND, ")
        .param(v -> Math.toIntExact(duration.apply(v).toMillis() / 1000L))
        .sql(", " + base + "))");
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    // HOLDLOCK keeps the key range locked from the match to the insert: no duplicate-key race.
    return standardMerge(
        t, mode, t.table() + " WITH (HOLDLOCK) AS tl", "(SELECT 1 AS one) AS s", false, ";");
  }
}
