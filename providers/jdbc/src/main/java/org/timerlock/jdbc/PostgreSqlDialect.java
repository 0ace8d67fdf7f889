package org.timerlock.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * PostgreSQL: one statement whose parts are an UPDATE that takes over an expired row, an INSERT of
 * a missing one ({@code ON CONFLICT DO NOTHING}, so a race on a new name fails no statement), and a
 * read of the row, returning the state of the row after the statement. A refusal writes nothing: no
 * row is locked, no transaction id taken, no WAL written (an {@code ON CONFLICT DO UPDATE ...
 * WHERE} locks the row even when its WHERE refuses the take-over).
 */
final class PostgreSqlDialect extends Dialect {

  PostgreSqlDialect() {
    super(
        "PostgreSQL",
        TableDdl.of("VARCHAR(255)", "TIMESTAMP(3)").ifNotExists().keyAfterColumns(),
        SqlErrors.states("42P01"),
        // CREATE TABLE IF NOT EXISTS racing another node can still hit pg_type's unique index.
        SqlErrors.states("42P07", "23505"));
  }

  /**
   * The effective search path: the schemas of {@code search_path} that exist and may be used, in
   * order ({@code current_schemas(false)}; the implicit {@code pg_catalog} and temporary schemas
   * are left out).
   */
  @Override
  List<String> tableSearchPath(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT current_schemas(false)")) {
      if (!rs.next()) {
        return List.of();
      }
      Array path = rs.getArray(1);
      try {
        return path == null ? List.of() : listOf((String[]) path.getArray());
      } finally {
        if (path != null) {
          path.free();
        }
      }
    }
  }

  @Override
  String now() {
    return "date_trunc('milliseconds', timezone('UTC', statement_timestamp()))";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("(" + base + " + ")
        .param(v -> duration.apply(v).toMillis())
        .sql(" * INTERVAL '1 millisecond')");
  }

  @Override
  String epochMicros() {
    return "CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000 AS BIGINT)";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    boolean leaseOnly = mode == AcquireMode.LEASE_ONLY;
    String state = stateColumns(t, mode, "");
    Builder b = new Builder();
    b.sql("WITH cur AS (SELECT " + (leaseOnly ? "1 AS one" : LockTable.LAST_FIRE));
    b.sql(" FROM " + t.table() + " WHERE " + t.name() + " = ").name();
    b.sql("), upd AS (UPDATE " + t.table() + " SET ");
    takeOver(b, t, mode, "");
    b.sql(" WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockUntil() + " <= " + now());
    guard(b, mode, "");
    b.sql(" RETURNING " + state + "), ins AS (INSERT INTO " + t.table());
    b.sql(" (" + columns(t, mode) + ") SELECT ");
    newRow(b, mode);
    b.sql(" WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (" + t.name() + ") DO NOTHING");
    b.sql(" RETURNING " + state + ") SELECT " + firstOf(t.lockedBy()));
    if (!leaseOnly) {
      b.sql(", " + firstOf(LockTable.FENCING_TOKEN));
      b.sql(", (SELECT " + LockTable.LAST_FIRE + " FROM cur)");
    }
    return b.build();
  }

  @Override
  AcquireResult acquireResult() {
    return AcquireResult.RETURNED_STATE;
  }

  /** The column from the update or, when it took nothing, from the insert. */
  private static String firstOf(String column) {
    return "COALESCE((SELECT " + column + " FROM upd), (SELECT " + column + " FROM ins))";
  }
}
