package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * Every dialect's statements, rendered with their bound parameters, against reviewed snapshots in
 * {@code src/test/resources/sql-snapshots}. Oracle, SQL Server and DB2 have no engine here, and
 * MySQL's collation exists only on MySQL: this is where a slip in their SQL shows. After a
 * deliberate change, run with {@code -Dsql-snapshots.update=true}, then review the diff of the
 * snapshots before committing them.
 */
class SqlSnapshotTest {

  private static final Path SNAPSHOTS = Path.of("src/test/resources/sql-snapshots");
  private static final LockTable TABLE = LockTable.shedLockLayout("shedlock");
  private static final Values SAMPLE =
      new Values(
          "nightly-report",
          "node-1/4f2a-7",
          Duration.ofMinutes(5),
          Duration.ofSeconds(10),
          1_893_456_000_000L);

  private static final Values FAILED_RUN =
      new Values(
          SAMPLE.name(),
          SAMPLE.owner(),
          null,
          SAMPLE.atLeastFor(),
          SAMPLE.fire(),
          RunEnd.failed(new IllegalStateException("disk full")));
  private static final Values PLAIN_RUN =
      new Values(
          SAMPLE.name(), SAMPLE.owner(), null, SAMPLE.atLeastFor(), null, RunEnd.succeeded());

  private static final Values MANUAL_RUN =
      new Values(
          SAMPLE.name(),
          SAMPLE.owner(),
          null,
          SAMPLE.atLeastFor(),
          null,
          RunEnd.succeeded(),
          RunKind.MANUAL);

  static Stream<Arguments> dialects() {
    return Stream.of(
        Arguments.of("oracle", new OracleDialect()),
        Arguments.of("sqlserver", new SqlServerDialect()),
        Arguments.of("db2", new Db2Dialect()),
        Arguments.of("mysql", new MySqlDialect("MySQL", false, "utf8mb4_0900_bin", true)),
        Arguments.of(
            "mysql-statement-binlog", new MySqlDialect("MySQL", false, "utf8mb4_0900_bin", false)),
        Arguments.of("mariadb", new MySqlDialect("MariaDB", true, "utf8mb4_nopad_bin", true)),
        Arguments.of("postgresql", new PostgreSqlDialect()),
        Arguments.of("h2", new H2Dialect()),
        Arguments.of("hsqldb", new HsqlDbDialect()),
        Arguments.of("derby", new DerbyDialect()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dialects")
  void statementsMatchTheReviewedSnapshot(String name, Dialect dialect) throws IOException {
    Path file = SNAPSHOTS.resolve(name + ".sql");
    String rendered = render(dialect);
    if (Boolean.getBoolean("sql-snapshots.update")) {
      Files.createDirectories(SNAPSHOTS);
      Files.writeString(file, rendered, StandardCharsets.UTF_8);
    }
    assertThat(Files.exists(file))
        .as("snapshot %s; create it with -Dsql-snapshots.update=true and review it", file)
        .isTrue();
    assertThat(rendered)
        .as(
            "statements of %s against %s; if the change is meant, run with"
                + " -Dsql-snapshots.update=true and review the diff",
            dialect.label(), file)
        .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }

  /** The statements in the order a provider meets them, each with the parameters it binds. */
  private static String render(Dialect dialect) {
    StringBuilder out = new StringBuilder("-- ").append(dialect.label()).append('\n');
    section(out, "create table", dialect.createTable(TABLE));
    dialect.addFireColumns(TABLE).forEach(ddl -> section(out, "add a fire column", ddl));
    List<String> optional = new ArrayList<>(LockTable.LAST_RUN_COLUMNS);
    optional.add(LockTable.LAST_RUN_KIND);
    optional.addAll(LockTable.PAUSE_COLUMNS);
    dialect.addColumns(TABLE, optional).forEach(ddl -> section(out, "add an optional column", ddl));
    for (AcquireMode mode : AcquireMode.values()) {
      if (mode.tokens() && !dialect.supportsFireColumns()) {
        continue;
      }
      AcquireStrategy strategy = dialect.acquireStrategy(TABLE, mode);
      String shape = strategy.getClass().getSimpleName();
      for (SqlStatement statement : strategy.statements()) {
        section(out, "acquire " + mode + " (" + shape + ")", statement);
      }
      section(out, "read the row " + mode, dialect.selectState(TABLE, mode));
    }
    section(out, "release", dialect.release(TABLE));
    SqlStatement recording = dialect.releaseRecordingRun(TABLE, false);
    section(out, "release recording a failed run", recording, FAILED_RUN);
    section(out, "release recording a plain call that succeeded", recording, PLAIN_RUN);
    SqlStatement withKind = dialect.releaseRecordingRun(TABLE, true);
    section(out, "release recording a manual run and its kind", withKind, MANUAL_RUN);
    section(out, "the database's now, for a pause's end", dialect.selectNow());
    String history = TABLE.table() + HistoryColumns.TABLE_SUFFIX;
    section(out, "create the history table", dialect.createHistoryTable(history));
    if (dialect.releasesWithHistoryInOneStatement()) {
      SqlStatement both = JdbcHistory.releaseAndInsert(dialect, withKind, history);
      section(out, "release recording a failed run and its history record", both, FAILED_RUN);
    } else {
      SqlStatement insert = JdbcHistory.insertFromLockRow(dialect, TABLE, history);
      section(out, "after the release: the history record of a failed run", insert, FAILED_RUN);
    }
    section(out, "extend", dialect.extend(TABLE));
    section(out, "is the acquisition live", dialect.selectLive(TABLE));
    return out.toString();
  }

  private static void section(StringBuilder out, String title, String sql) {
    // SQL Server's MERGE carries its own terminator.
    out.append("\n-- ").append(title).append('\n').append(sql);
    out.append(sql.endsWith(";") ? "\n" : ";\n");
  }

  private static void section(StringBuilder out, String title, SqlStatement statement) {
    section(out, title, statement, SAMPLE);
  }

  private static void section(
      StringBuilder out, String title, SqlStatement statement, Values values) {
    section(out, title + "; parameters: " + parameters(statement, values), statement.sql());
  }

  /** The values the statement binds, in order. */
  private static String parameters(SqlStatement statement, Values values) {
    List<Object> bound = new ArrayList<>();
    PreparedStatement recorder =
        (PreparedStatement)
            Proxy.newProxyInstance(
                SqlSnapshotTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("setNull")) {
                    bound.add("NULL");
                    return null;
                  }
                  if (method.getName().startsWith("set") && args.length == 2) {
                    bound.add(args[1]);
                    return null;
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    try {
      statement.bind(recorder, values);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return bound.stream()
        .map(v -> v instanceof String && !v.equals("NULL") ? "'" + v + "'" : String.valueOf(v))
        .collect(Collectors.joining(", "));
  }
}
