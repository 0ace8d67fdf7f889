package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * MySQL and MariaDB: {@code INSERT ... ON DUPLICATE KEY UPDATE}, with {@code RETURNING} where
 * MariaDB has it (10.5+). The created table gets a binary, no-pad collation so that names compare
 * exactly.
 */
final class MySqlDialect extends Dialect {

  private final boolean returning;

  private MySqlDialect(String label, boolean returning, String collation) {
    super(
        label,
        TableDdl.of("VARCHAR(255)", "DATETIME(3)")
            .ifNotExists()
            .keyAfterColumns()
            .tableOptions(" DEFAULT CHARACTER SET utf8mb4 COLLATE " + collation),
        SqlErrors.states("42S02").orCodes(1146),
        SqlErrors.codes(1050));
    this.returning = returning;
  }

  static MySqlDialect mariaDb(DatabaseMetaData metaData) throws SQLException {
    int[] version = mariaDbVersion(metaData);
    boolean returning = version[0] > 10 || (version[0] == 10 && version[1] >= 5);
    return new MySqlDialect("MariaDB", returning, "utf8mb4_nopad_bin");
  }

  static MySqlDialect mySql(DatabaseMetaData metaData) throws SQLException {
    int major = metaData.getDatabaseMajorVersion();
    int minor = metaData.getDatabaseMinorVersion();
    int patch = patch(metaData.getDatabaseProductVersion());
    boolean noPadBinary = major > 8 || (major == 8 && (minor > 0 || patch >= 17));
    return new MySqlDialect("MySQL", false, noPadBinary ? "utf8mb4_0900_bin" : "utf8mb4_bin");
  }

  /** MariaDB behind MySQL's protocol reports "5.5.5-10.6.1-MariaDB": the last match counts. */
  private static int[] mariaDbVersion(DatabaseMetaData metaData) throws SQLException {
    String version = metaData.getDatabaseProductVersion();
    Matcher m = Pattern.compile("(\\d+)\\.(\\d+)\\.\\d+-MariaDB").matcher(String.valueOf(version));
    int[] found = null;
    while (m.find()) {
      found = new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }
    if (found != null && found[0] >= 10) {
      return found;
    }
    return new int[] {metaData.getDatabaseMajorVersion(), metaData.getDatabaseMinorVersion()};
  }

  private static int patch(String version) {
    Matcher m = Pattern.compile("^\\d+\\.\\d+\\.(\\d+)").matcher(String.valueOf(version));
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  @Override
  String now() {
    return "UTC_TIMESTAMP(3)";
  }

  @Override
  void plus(Builder sql, String base, Function<Values, Duration> duration) {
    sql.sql("(" + base + " + INTERVAL ")
        .param(v -> duration.apply(v).toMillis() * 1000L)
        .sql(" MICROSECOND)");
  }

  @Override
  SqlStatement acquire(LockTable t) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + t.table() + " (" + columns(t) + ") VALUES (");
    newRow(b);
    b.sql(")");
    // Assignments run left to right and later ones see earlier results: decide the owner first
    // (on the old lock_until), then copy the times only where the owner is now the caller's.
    String by = t.lockedBy();
    b.sql(" ON DUPLICATE KEY UPDATE ");
    b.sql(by + " = IF(" + t.lockUntil() + " <= " + now() + ", VALUES(" + by + "), " + by + "), ");
    b.sql(t.lockUntil() + " = IF(" + by + " = VALUES(" + by + "), VALUES(" + t.lockUntil());
    b.sql("), " + t.lockUntil() + "), ");
    b.sql(t.lockedAt() + " = IF(" + by + " = VALUES(" + by + "), VALUES(" + t.lockedAt());
    b.sql("), " + t.lockedAt() + ")");
    if (returning) {
      b.sql(" RETURNING " + by);
    }
    return b.build();
  }

  @Override
  AcquireResult acquireResult() {
    return returning ? AcquireResult.RETURNED_OWNER : AcquireResult.MYSQL_COUNT;
  }

  @Override
  boolean namespacesAreCatalogs() {
    return true;
  }

  /** The current database only: MySQL has no search path, and its databases are JDBC catalogs. */
  @Override
  List<String> tableSearchPath(Connection connection) throws SQLException {
    return listOf(connection.getCatalog());
  }
}
