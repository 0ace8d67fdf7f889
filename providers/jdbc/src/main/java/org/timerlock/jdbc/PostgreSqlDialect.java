package org.timerlock.jdbc;

import java.time.Duration;
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
