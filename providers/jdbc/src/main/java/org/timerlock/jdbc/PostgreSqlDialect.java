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

/** PostgreSQL: {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE}, atomic on its own. */
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
  SqlStatement acquire(LockTable t) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + t.table() + " AS tl (" + columns(t) + ") VALUES (");
    newRow(b);
    b.sql(") ON CONFLICT (" + t.name() + ") DO UPDATE SET ");
    b.sql(t.lockUntil() + " = EXCLUDED." + t.lockUntil() + ", ");
    b.sql(t.lockedAt() + " = EXCLUDED." + t.lockedAt() + ", ");
    b.sql(t.lockedBy() + " = EXCLUDED." + t.lockedBy());
    b.sql(" WHERE tl." + t.lockUntil() + " <= EXCLUDED." + t.lockedAt());
    return b.build();
  }
}
