package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * MySQL and MariaDB: {@code INSERT ... ON DUPLICATE KEY UPDATE}, with {@code RETURNING} where
 * MariaDB has it (10.5+) and the driver is MariaDB's; otherwise the update count, and a read of the
 * row when the count alone does not tell. The created table gets a binary, no-pad collation so that
 * names compare exactly.
 *
 * <p>The new row comes from {@code SELECT ... FROM DUAL}, not {@code VALUES}: the server then logs
 * the statement by its changed rows in the binary log's MIXED format (its default), so that a
 * refusal, which changes no row, writes nothing to the binary log; with {@code VALUES} every
 * refusal was a statement in the binary log and a commit of it. Where the binary log is written in
 * STATEMENT format the server would log a warning for each such statement, so there the row comes
 * from {@code VALUES}. Either way a refusal writes no redo log and changes no row.
 */
final class MySqlDialect extends Dialect {

  private final boolean returning;
  private final boolean rowFromSelect;

  /**
   * @param returning whether the statement returns the row ({@code RETURNING}, MariaDB 10.5+)
   * @param collation the collation of the table this provider creates
   * @param rowFromSelect whether the new row comes from {@code SELECT ... FROM DUAL}
   */
  MySqlDialect(String label, boolean returning, String collation, boolean rowFromSelect) {
    super(
        label,
        TableDdl.of("VARCHAR(%d)", "DATETIME(3)")
            .ifNotExists()
            .keyAfterColumns()
            .tableOptions(" DEFAULT CHARACTER SET utf8mb4 COLLATE " + collation),
        SqlErrors.states("42S02").orCodes(1146),
        SqlErrors.codes(1050),
        Quirk.COUNTS_CHANGED_ROWS);
    this.returning = returning;
    this.rowFromSelect = rowFromSelect;
  }

  /**
   * MariaDB. {@code INSERT ... RETURNING} (10.5+) is used only through MariaDB's own driver: MySQL
   * Connector/J refuses to run an INSERT as a query ("cannot issue statements that do not produce
   * result sets"), and an unknown driver (a wrapper, a proxy) may do the same. Any other driver
   * gets MySQL's statements, which every driver runs.
   */
  static MySqlDialect mariaDb(DatabaseMetaData metaData) throws SQLException {
    int[] version = mariaDbVersion(metaData);
    boolean returning =
        (version[0] > 10 || (version[0] == 10 && version[1] >= 5)) && isMariaDbDriver(metaData);
    return new MySqlDialect(
        "MariaDB", returning, "utf8mb4_nopad_bin", !logsStatements(metaData.getConnection()));
  }

  /** Whether the connection is MariaDB Connector/J's ("MariaDB Connector/J"). */
  static boolean isMariaDbDriver(DatabaseMetaData metaData) throws SQLException {
    String driver = metaData.getDriverName();
    return driver != null && driver.toLowerCase(Locale.ROOT).contains("mariadb");
  }

  static MySqlDialect mySql(DatabaseMetaData metaData) throws SQLException {
    int major = metaData.getDatabaseMajorVersion();
    int minor = metaData.getDatabaseMinorVersion();
    int patch = patch(metaData.getDatabaseProductVersion());
    boolean noPadBinary = major > 8 || (major == 8 && (minor > 0 || patch >= 17));
    return new MySqlDialect(
        "MySQL",
        false,
        noPadBinary ? "utf8mb4_0900_bin" : "utf8mb4_bin",
        !logsStatements(metaData.getConnection()));
  }

  /**
   * Whether the session writes a binary log in STATEMENT format, where the server warns in its log
   * about every {@code INSERT ... SELECT ... ON DUPLICATE KEY UPDATE}. When the server cannot say,
   * as if it did.
   */
  static boolean logsStatements(Connection connection) {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT @@log_bin, @@SESSION.binlog_format")) {
      return !rs.next() || (rs.getInt(1) != 0 && "STATEMENT".equalsIgnoreCase(rs.getString(2)));
    } catch (SQLException e) {
      return true;
    }
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
  String identityType() {
    return "BIGINT AUTO_INCREMENT";
  }

  /** MySQL's CAST knows CHAR, not VARCHAR. */
  @Override
  String textCast(int length) {
    return "CHAR(" + length + ")";
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
  String epochMicros() {
    return "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6))";
  }

  @Override
  SqlStatement acquire(LockTable t, AcquireMode mode) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + t.table() + " (" + columns(t, mode) + ")");
    b.sql(rowFromSelect ? " SELECT " : " VALUES (");
    newRow(b, mode);
    b.sql(rowFromSelect ? " FROM DUAL" : ")");
    // Assignments run left to right and later ones see earlier results: decide the owner first
    // (on the old lock_until and fire), then copy the rest only where the owner is now the
    // caller's.
    String by = t.lockedBy();
    String ours = by + " = VALUES(" + by + ")";
    b.sql(" ON DUPLICATE KEY UPDATE " + by + " = IF(" + t.lockUntil() + " <= " + now());
    if (mode.fire()) {
      String lastFire = LockTable.LAST_FIRE;
      b.sql(" AND (" + lastFire + " IS NULL OR " + lastFire + " < VALUES(" + lastFire + "))");
    }
    if (mode.pauses()) {
      b.sql(" AND " + notPaused(""));
    }
    b.sql(", VALUES(" + by + "), " + by + ")");
    copyIfOurs(b, ours, t.lockUntil(), "VALUES(" + t.lockUntil() + ")");
    copyIfOurs(b, ours, t.lockedAt(), "VALUES(" + t.lockedAt() + ")");
    if (mode.fire()) {
      copyIfOurs(b, ours, LockTable.LAST_FIRE, "VALUES(" + LockTable.LAST_FIRE + ")");
    }
    if (mode.tokens()) {
      // The new row's token is the clock in microseconds, read once: the floor of the next token.
      // Shorter than the clock twice in a CASE, which matters as MariaDB copies the statement's
      // text into the binary log with the row it takes (Annotate_rows).
      String token = LockTable.FENCING_TOKEN;
      copyIfOurs(b, ours, token, "GREATEST(COALESCE(" + token + ", 0) + 1, VALUES(" + token + "))");
    }
    if (returning) {
      b.sql(" RETURNING " + stateColumns(t, mode, ""));
    }
    return b.build();
  }

  private static void copyIfOurs(Builder b, String ours, String column, String value) {
    b.sql(", " + column + " = IF(" + ours + ", " + value + ", " + column + ")");
  }

  @Override
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    return returning
        ? new AcquireStrategy.ReturnedRow(mode, acquire(t, mode), selectState(t, mode), 0, true)
        : new AcquireStrategy.UpsertCount(mode, acquire(t, mode), selectState(t, mode));
  }

  // No tableOwner: MySQL and MariaDB tables have no owner, only privileges granted on them, so
  // there is no other role's table to adopt without knowing it.

  @Override
  boolean namespacesAreCatalogs() {
    return true;
  }

  /** The current database only: MySQL has no search path, and its databases are JDBC catalogs. */
  @Override
  List<String> tableSearchPath(Connection connection) throws SQLException {
    return TableMetadata.listOf(connection.getCatalog());
  }
}
