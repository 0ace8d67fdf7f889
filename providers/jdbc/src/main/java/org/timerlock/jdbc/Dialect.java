package org.timerlock.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * The SQL of one database product: the lock statements, the table's DDL, and how to read its
 * errors. Every time is the database's clock in UTC, cut to milliseconds by the same expression
 * everywhere, so that a stored time and a later "now" always compare in the right order.
 */
abstract class Dialect {

  /** Length of the {@code name} column in tables this provider creates. */
  static final int CREATED_NAME_LENGTH = 255;

  /**
   * Appended to stored names on databases that ignore trailing spaces when comparing strings, when
   * a name ends with a space or with this character, so that "Job" and "Job " stay different locks.
   */
  static final char PAD_MARKER = '\uE000';

  /** How the result of the acquire statement says whether the lock was taken. */
  enum AcquireResult {
    /** Update count 1: inserted or taken over; 0: held elsewhere. */
    COUNT,
    /** The statement returns the row's owner after the statement: ours means taken. */
    RETURNED_OWNER,
    /** MySQL's upsert count: 2 taken over, 0 held, 1 inserted or (found-rows mode) held. */
    MYSQL_COUNT,
    /**
     * Derby: an UPDATE that takes over an expired row (count 1), else an INSERT of a missing row
     * (count 1); Derby's MERGE does not re-check its condition against a concurrent update.
     */
    UPDATE_THEN_INSERT
  }

  private final String label;

  Dialect(String label) {
    this.label = label;
  }

  /**
   * The product name for messages.
   *
   * @return e.g. {@code PostgreSQL}
   */
  final String label() {
    return label;
  }

  /** The database's current UTC time, cut to milliseconds. */
  abstract String now();

  /** Appends {@code base + duration} to the statement. */
  abstract void plus(Builder sql, String base, Function<Values, Duration> duration);

  /** The single acquire statement: inserts the row or takes over an expired one. */
  abstract SqlStatement acquire(LockTable t);

  /** The DDL of the lock table, or of a table with the same columns. */
  abstract String createTable(LockTable t);

  /** Whether the error says the table does not exist. */
  abstract boolean isMissingTable(SQLException e);

  AcquireResult acquireResult() {
    return AcquireResult.COUNT;
  }

  /** The second acquire statement of {@link AcquireResult#UPDATE_THEN_INSERT} dialects. */
  SqlStatement secondAcquire(LockTable t) {
    return selectOwner(t);
  }

  /**
   * Whether the acquire statement is a MERGE that two sessions inserting the same new name at the
   * same instant can make fail with a unique-key violation (the loser then did not get the lock).
   */
  boolean mergeMayRaceOnInsert() {
    return false;
  }

  /** Whether the database compares strings ignoring trailing spaces (PAD SPACE). */
  boolean padsSpaces() {
    return false;
  }

  /** Whether the error says the table already exists (a concurrent CREATE TABLE won). */
  boolean isAlreadyExists(SQLException e) {
    return false;
  }

  /** The name as stored: unchanged, except on databases that ignore trailing spaces. */
  final String storedName(String name) {
    if (padsSpaces() && !name.isEmpty()) {
      char last = name.charAt(name.length() - 1);
      if (last == ' ' || last == PAD_MARKER) {
        return name + PAD_MARKER;
      }
    }
    return name;
  }

  /** Sets lock_until to max(now, locked_at + lockAtLeastFor), for the caller's acquisition only. */
  SqlStatement release(LockTable t) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET " + t.lockUntil() + " = CASE WHEN ");
    plus(b, t.lockedAt(), Values::atLeastFor);
    b.sql(" > " + now() + " THEN ");
    plus(b, t.lockedAt(), Values::atLeastFor);
    b.sql(" ELSE " + now() + " END WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockedBy() + " = ").owner();
    return b.build();
  }

  /** Restarts a live acquisition from now: new lockAtMostFor, locked_at = now. */
  SqlStatement extend(LockTable t) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET " + t.lockUntil() + " = ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + t.lockedAt() + " = " + now());
    b.sql(" WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockedBy() + " = ").owner();
    b.sql(" AND " + t.lockUntil() + " > " + now());
    return b.build();
  }

  /** Takes over the row only when it has expired; for two-step dialects. */
  SqlStatement takeOverUpdate(LockTable t) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET " + t.lockUntil() + " = ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + t.lockedAt() + " = " + now() + ", " + t.lockedBy() + " = ").owner();
    b.sql(" WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockUntil() + " <= " + now());
    return b.build();
  }

  /** Inserts the row only when no row has the name; for two-step dialects. */
  SqlStatement insertIfAbsent(LockTable t, String oneRow) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + t.table() + " (");
    b.sql(t.name() + ", " + t.lockUntil() + ", " + t.lockedAt() + ", " + t.lockedBy());
    b.sql(") SELECT ").name().sql(", ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + now() + ", ").owner();
    b.sql(" FROM " + oneRow + " WHERE NOT EXISTS (SELECT 1 FROM " + t.table() + " WHERE ");
    b.sql(t.name() + " = ").name().sql(")");
    return b.build();
  }

  /** Reads the owner of a name, for MySQL's ambiguous upsert count only. */
  SqlStatement selectOwner(LockTable t) {
    return new Builder()
        .sql("SELECT " + t.lockedBy() + " FROM " + t.table() + " WHERE " + t.name() + " = ")
        .name()
        .build();
  }

  /** The standard MERGE most databases share; {@code source} is a one-row table. */
  final SqlStatement standardMerge(
      LockTable t, String target, String source, boolean conditionAsWhere, String end) {
    Builder b = new Builder();
    b.sql("MERGE INTO " + target + " USING " + source + " ON (tl." + t.name() + " = ").name();
    b.sql(")");
    String takeover = "tl." + t.lockUntil() + " <= " + now();
    b.sql(conditionAsWhere ? " WHEN MATCHED THEN UPDATE SET " : " WHEN MATCHED AND " + takeover);
    if (!conditionAsWhere) {
      b.sql(" THEN UPDATE SET ");
    }
    b.sql(t.lockUntil() + " = ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + t.lockedAt() + " = " + now() + ", " + t.lockedBy() + " = ").owner();
    if (conditionAsWhere) {
      b.sql(" WHERE " + takeover);
    }
    b.sql(" WHEN NOT MATCHED THEN INSERT (");
    b.sql(t.name() + ", " + t.lockUntil() + ", " + t.lockedAt() + ", " + t.lockedBy());
    b.sql(") VALUES (").name().sql(", ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + now() + ", ").owner().sql(")" + end);
    return b.build();
  }

  static Dialect detect(DatabaseMetaData metaData) throws SQLException {
    String product = metaData.getDatabaseProductName();
    String version = metaData.getDatabaseProductVersion();
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    String v = version == null ? "" : version.toLowerCase(Locale.ROOT);
    if (p.contains("mariadb") || (p.contains("mysql") && v.contains("mariadb"))) {
      int[] mariaDb = mariaDbVersion(version, metaData);
      boolean returning = mariaDb[0] > 10 || (mariaDb[0] == 10 && mariaDb[1] >= 5);
      return new MySql("MariaDB", true, returning, true);
    }
    if (p.contains("mysql")) {
      int major = metaData.getDatabaseMajorVersion();
      int minor = metaData.getDatabaseMinorVersion();
      boolean noPadBinary = major > 8 || (major == 8 && (minor > 0 || patch(version) >= 17));
      return new MySql("MySQL", false, false, noPadBinary);
    }
    if (p.contains("postgresql")) {
      return new PostgreSql();
    }
    if (p.equals("h2")) {
      return new H2();
    }
    if (p.contains("hsql")) {
      return new HsqlDb();
    }
    if (p.contains("derby")) {
      return new Derby();
    }
    if (p.contains("oracle")) {
      return new Oracle();
    }
    if (p.contains("microsoft sql server")) {
      return new SqlServer();
    }
    if (p.startsWith("db2")) {
      return new Db2();
    }
    return null;
  }

  private static int[] mariaDbVersion(String version, DatabaseMetaData metaData)
      throws SQLException {
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

  static boolean hasState(SQLException e, String... states) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && s.getSQLState() != null) {
        for (String state : states) {
          if (s.getSQLState().equals(state)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  static boolean hasCode(SQLException e, int... codes) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s) {
        for (int code : codes) {
          if (s.getErrorCode() == code) {
            return true;
          }
        }
      }
    }
    return false;
  }

  static boolean isIntegrityViolation(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && s.getSQLState() != null
          && s.getSQLState().startsWith("23")) {
        return true;
      }
    }
    return false;
  }

  private static long millis(Duration d) {
    return d.toMillis();
  }

  // ---------------------------------------------------------------- PostgreSQL

  static final class PostgreSql extends Dialect {
    PostgreSql() {
      super("PostgreSQL");
    }

    @Override
    String now() {
      return "date_trunc('milliseconds', timezone('UTC', statement_timestamp()))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("(" + base + " + ")
          .param(v -> millis(duration.apply(v)))
          .sql(" * INTERVAL '1 millisecond')");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      Builder b = new Builder();
      b.sql("INSERT INTO " + t.table() + " AS tl (");
      b.sql(t.name() + ", " + t.lockUntil() + ", " + t.lockedAt() + ", " + t.lockedBy());
      b.sql(") VALUES (").name().sql(", ");
      plus(b, now(), Values::atMostFor);
      b.sql(", " + now() + ", ").owner().sql(")");
      b.sql(" ON CONFLICT (" + t.name() + ") DO UPDATE SET ");
      b.sql(t.lockUntil() + " = EXCLUDED." + t.lockUntil() + ", ");
      b.sql(t.lockedAt() + " = EXCLUDED." + t.lockedAt() + ", ");
      b.sql(t.lockedBy() + " = EXCLUDED." + t.lockedBy());
      b.sql(" WHERE tl." + t.lockUntil() + " <= EXCLUDED." + t.lockedAt());
      return b.build();
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE IF NOT EXISTS "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL, "
          + t.lockUntil()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL, PRIMARY KEY ("
          + t.name()
          + "))";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasState(e, "42P01");
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      // CREATE TABLE IF NOT EXISTS racing another node can still hit pg_type's unique index.
      return hasState(e, "42P07", "23505");
    }
  }

  // ---------------------------------------------------------------- MySQL and MariaDB

  static final class MySql extends Dialect {
    private final boolean mariaDb;
    private final boolean returning;
    private final boolean noPadBinary;

    MySql(String label, boolean mariaDb, boolean returning, boolean noPadBinary) {
      super(label);
      this.mariaDb = mariaDb;
      this.returning = returning;
      this.noPadBinary = noPadBinary;
    }

    @Override
    String now() {
      return "UTC_TIMESTAMP(3)";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("(" + base + " + INTERVAL ")
          .param(v -> millis(duration.apply(v)) * 1000L)
          .sql(" MICROSECOND)");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      Builder b = new Builder();
      b.sql("INSERT INTO " + t.table() + " (");
      b.sql(t.name() + ", " + t.lockUntil() + ", " + t.lockedAt() + ", " + t.lockedBy());
      b.sql(") VALUES (").name().sql(", ");
      plus(b, now(), Values::atMostFor);
      b.sql(", " + now() + ", ").owner().sql(")");
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
    String createTable(LockTable t) {
      String collation =
          mariaDb ? "utf8mb4_nopad_bin" : noPadBinary ? "utf8mb4_0900_bin" : "utf8mb4_bin";
      return "CREATE TABLE IF NOT EXISTS "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL, "
          + t.lockUntil()
          + " DATETIME(3) NOT NULL, "
          + t.lockedAt()
          + " DATETIME(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL, PRIMARY KEY ("
          + t.name()
          + ")) DEFAULT CHARACTER SET utf8mb4 COLLATE "
          + collation;
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasCode(e, 1146) || hasState(e, "42S02");
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      return hasCode(e, 1050);
    }
  }

  // ---------------------------------------------------------------- H2

  static final class H2 extends Dialect {
    H2() {
      super("H2");
    }

    @Override
    String now() {
      // LOCALTIMESTAMP is the session's zone; shift it by the session's offset to get UTC.
      return "DATEADD(SECOND, -(EXTRACT(TIMEZONE_HOUR FROM CURRENT_TIMESTAMP(3)) * 3600"
          + " + EXTRACT(TIMEZONE_MINUTE FROM CURRENT_TIMESTAMP(3)) * 60), LOCALTIMESTAMP(3))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("DATEADD(MILLISECOND, ").param(v -> millis(duration.apply(v))).sql(", " + base + ")");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      return standardMerge(t, t.table() + " tl", "(SELECT 1 AS one) s", false, "");
    }

    @Override
    boolean mergeMayRaceOnInsert() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE IF NOT EXISTS "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasState(e, "42S02", "42S04") || hasCode(e, 42102, 42104);
    }
  }

  // ---------------------------------------------------------------- HSQLDB

  static final class HsqlDb extends Dialect {
    HsqlDb() {
      super("HSQLDB");
    }

    @Override
    String now() {
      return "CAST(CURRENT_TIMESTAMP(3) AT TIME ZONE INTERVAL '0:00' HOUR TO MINUTE AS TIMESTAMP(3))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("DATEADD('millisecond', CAST(")
          .param(v -> millis(duration.apply(v)))
          .sql(" AS BIGINT), " + base + ")");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      return standardMerge(t, t.table() + " tl", "(VALUES (0)) s (one)", false, "");
    }

    @Override
    boolean mergeMayRaceOnInsert() {
      return true;
    }

    @Override
    boolean padsSpaces() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE IF NOT EXISTS "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasCode(e, -5501);
    }
  }

  // ---------------------------------------------------------------- Derby

  static final class Derby extends Dialect {
    Derby() {
      super("Derby");
    }

    @Override
    String now() {
      // Derby has no UTC clock function: this is the database JVM's local time.
      return "CURRENT_TIMESTAMP";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      // TIMESTAMPADD takes an INTEGER count: whole seconds, then the rest in nanoseconds.
      sql.sql("{fn TIMESTAMPADD(SQL_TSI_FRAC_SECOND, ")
          .param(v -> (int) (millis(duration.apply(v)) % 1000L * 1_000_000L))
          .sql(", {fn TIMESTAMPADD(SQL_TSI_SECOND, ")
          .param(v -> Math.toIntExact(millis(duration.apply(v)) / 1000L))
          .sql(", " + base + ")})}");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      return takeOverUpdate(t);
    }

    @Override
    AcquireResult acquireResult() {
      return AcquireResult.UPDATE_THEN_INSERT;
    }

    @Override
    SqlStatement secondAcquire(LockTable t) {
      return insertIfAbsent(t, "SYSIBM.SYSDUMMY1");
    }

    @Override
    boolean mergeMayRaceOnInsert() {
      return true;
    }

    @Override
    boolean padsSpaces() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " TIMESTAMP NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasState(e, "42X05");
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      return hasState(e, "X0Y32");
    }
  }

  // ---------------------------------------------------------------- Oracle

  static final class Oracle extends Dialect {
    Oracle() {
      super("Oracle");
    }

    @Override
    String now() {
      return "CAST(SYS_EXTRACT_UTC(SYSTIMESTAMP) AS TIMESTAMP(3))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("(" + base + " + NUMTODSINTERVAL(")
          .param(v -> millis(duration.apply(v)))
          .sql(" / 1000, 'SECOND'))");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      return standardMerge(t, t.table() + " tl", "dual", true, "");
    }

    @Override
    boolean mergeMayRaceOnInsert() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR2(255 CHAR) NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR2(255 CHAR) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasCode(e, 942);
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      return hasCode(e, 955);
    }
  }

  // ---------------------------------------------------------------- SQL Server

  static final class SqlServer extends Dialect {
    SqlServer() {
      super("SQL Server");
    }

    @Override
    String now() {
      return "CAST(SYSUTCDATETIME() AS DATETIME2(3))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("DATEADD(MILLISECOND, ")
          .param(v -> (int) (millis(duration.apply(v)) % 1000L))
          .sql(", DATEADD(SECOND, ")
          .param(v -> Math.toIntExact(millis(duration.apply(v)) / 1000L))
          .sql(", " + base + "))");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      // HOLDLOCK keeps the key range locked from the match to the insert: no duplicate-key race.
      return standardMerge(
          t, t.table() + " WITH (HOLDLOCK) AS tl", "(SELECT 1 AS one) AS s", false, ";");
    }

    @Override
    boolean padsSpaces() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE "
          + t.table()
          + " ("
          + t.name()
          + " NVARCHAR(255) COLLATE Latin1_General_100_BIN2 NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " DATETIME2(3) NOT NULL, "
          + t.lockedAt()
          + " DATETIME2(3) NOT NULL, "
          + t.lockedBy()
          + " NVARCHAR(255) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasCode(e, 208);
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      return hasCode(e, 2714);
    }
  }

  // ---------------------------------------------------------------- DB2

  static final class Db2 extends Dialect {
    Db2() {
      super("DB2");
    }

    @Override
    String now() {
      return "CAST(CURRENT TIMESTAMP - CURRENT TIMEZONE AS TIMESTAMP(3))";
    }

    @Override
    void plus(Builder sql, String base, Function<Values, Duration> duration) {
      sql.sql("(" + base + " + CAST(")
          .param(v -> millis(duration.apply(v)) * 1000L)
          .sql(" AS BIGINT) MICROSECONDS)");
    }

    @Override
    SqlStatement acquire(LockTable t) {
      return standardMerge(t, t.table() + " tl", "SYSIBM.SYSDUMMY1", false, "");
    }

    @Override
    boolean mergeMayRaceOnInsert() {
      return true;
    }

    @Override
    boolean padsSpaces() {
      return true;
    }

    @Override
    String createTable(LockTable t) {
      return "CREATE TABLE "
          + t.table()
          + " ("
          + t.name()
          + " VARCHAR(255) NOT NULL PRIMARY KEY, "
          + t.lockUntil()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedAt()
          + " TIMESTAMP(3) NOT NULL, "
          + t.lockedBy()
          + " VARCHAR(255) NOT NULL)";
    }

    @Override
    boolean isMissingTable(SQLException e) {
      return hasState(e, "42704");
    }

    @Override
    boolean isAlreadyExists(SQLException e) {
      return hasState(e, "42710");
    }
  }
}
