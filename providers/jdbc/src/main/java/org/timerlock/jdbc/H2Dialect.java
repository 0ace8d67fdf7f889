package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/** H2: the standard MERGE, read back through {@code FINAL TABLE}. */
final class H2Dialect extends Dialect {

  H2Dialect() {
    super(
        "H2",
        TableDdl.of("VARCHAR(%d)", "TIMESTAMP(3)").ifNotExists(),
        SqlErrors.states("42S02", "42S04").orCodes(42102, 42104),
        SqlErrors.NONE,
        Quirk.INSERT_MAY_RACE);
  }

  /**
   * The current schema, then the schemas of {@code SET SCHEMA_SEARCH_PATH}, which H2 tries only
   * when the current schema has no such table. H2 2.x shows the path in {@code
   * INFORMATION_SCHEMA.SESSION_STATE} as the statement that would set it again; older versions
   * count with the current schema only.
   */
  @Override
  List<String> tableSearchPath(Connection connection) throws SQLException {
    List<String> path = new ArrayList<>();
    path.add(TableMetadata.currentSchema(connection));
    if (connection.getMetaData().getDatabaseMajorVersion() >= 2) {
      try (Statement statement = connection.createStatement();
          ResultSet rs =
              statement.executeQuery(
                  "SELECT STATE_COMMAND FROM INFORMATION_SCHEMA.SESSION_STATE"
                      + " WHERE STATE_KEY = 'SCHEMA_SEARCH_PATH'")) {
        if (rs.next()) {
          path.addAll(quotedIdentifiers(rs.getString(1)));
        }
      }
    }
    return TableMetadata.listOf(path.toArray(String[]::new));
  }

  /** The double-quoted identifiers in order, e.g. of {@code SET SCHEMA_SEARCH_PATH "A", "b""c"}. */
  static List<String> quotedIdentifiers(String sql) {
    List<String> identifiers = new ArrayList<>();
    if (sql == null) {
      return identifiers;
    }
    int i = sql.indexOf('"');
    while (i >= 0) {
      StringBuilder identifier = new StringBuilder();
      int j = i + 1;
      while (j < sql.length()) {
        char c = sql.charAt(j);
        if (c == '"') {
          if (j + 1 < sql.length() && sql.charAt(j + 1) == '"') {
            identifier.append('"');
            j += 2;
            continue;
          }
          break;
        }
        identifier.append(c);
        j++;
      }
      if (j >= sql.length()) {
        break; // unterminated: not a statement H2 wrote
      }
      identifiers.add(identifier.toString());
      i = sql.indexOf('"', j + 1);
    }
    return identifiers;
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
  String epochMicros() {
    return "DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00',"
        + " CURRENT_TIMESTAMP(6))";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    SqlStatement merge =
        standardMerge(t, mode, t.table() + " tl", "(SELECT 1 AS one) s", false, "");
    return merge.wrapped("SELECT " + stateColumns(t, mode, "") + " FROM FINAL TABLE (", ")");
  }

  @Override
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    return new AcquireStrategy.ReturnedRow(mode, acquire(t, mode), selectState(t, mode), 0, false);
  }
}
