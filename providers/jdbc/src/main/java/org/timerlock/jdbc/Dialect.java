package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.timerlock.core.RunOutcome;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * The SQL of one database product: the lock statements, the table's DDL, and how to read its
 * errors. Every time is the database's clock in UTC, cut to milliseconds by the same expression
 * everywhere, so that a stored time and a later "now" always compare in the right order.
 *
 * <p>A subclass writes the three things that are code in each database (its clock, its date
 * arithmetic, its upsert) and declares the rest to this constructor.
 */
abstract class Dialect {

  /** Length of the {@code name} column in tables this provider creates. */
  static final int CREATED_NAME_LENGTH = 255;

  /**
   * Appended to stored names on databases that ignore trailing spaces when comparing strings, when
   * a name ends with a space or with this character, so that "Job" and "Job " stay different locks.
   */
  static final char PAD_MARKER = '\uE000';

  /** Behaviour of a database that the statements have to allow for. */
  enum Quirk {
    /** Strings compare ignoring trailing spaces (PAD SPACE), in primary keys too. */
    PADS_SPACES,
    /**
     * Two sessions inserting the same new name at the same instant can make the acquire statement
     * fail with a unique-key violation; the loser then did not get the lock.
     */
    INSERT_MAY_RACE,
    /**
     * An UPDATE that leaves a row as it was may count 0 (MySQL's and MariaDB's affected-rows mode,
     * {@code useAffectedRows=true}): an extension in the same millisecond as the acquisition
     * changes nothing, so its count cannot tell whether the row matched.
     */
    COUNTS_CHANGED_ROWS
  }

  private final String label;
  private final TableDdl tableDdl;
  private final SqlErrors missingTable;
  private final SqlErrors alreadyExists;
  private final Set<Quirk> quirks;

  /**
   * @param label the product name for messages
   * @param tableDdl the lock table as this database creates it
   * @param missingTable the error of a statement on a table that does not exist
   * @param alreadyExists the error of a CREATE TABLE that another node won
   * @param quirks what the statements have to allow for
   */
  Dialect(
      String label,
      TableDdl tableDdl,
      SqlErrors missingTable,
      SqlErrors alreadyExists,
      Quirk... quirks) {
    this.label = label;
    this.tableDdl = tableDdl;
    this.missingTable = missingTable;
    this.alreadyExists = alreadyExists;
    this.quirks = Set.of(quirks);
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

  /**
   * The database's current time in microseconds since the epoch, the floor of every new fencing
   * token, so that tokens keep growing when a row is deleted. Null for a database without
   * statements for the fire and token columns, which then gets the lease alone.
   */
  String epochMicros() {
    return null;
  }

  /** Whether this database has statements for the fire and token columns. */
  final boolean supportsFireColumns() {
    return epochMicros() != null;
  }

  /**
   * The acquire statement: inserts the row or takes over an expired one (Derby: takes over only,
   * see its {@link #acquireStrategy}).
   */
  abstract SqlStatement acquire(LockTable t, AcquireMode mode);

  /**
   * How the acquire statement runs and tells whether the lock was taken. By default its update
   * count: 1 when taken.
   */
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    return new AcquireStrategy.UpdateCount(mode, acquire(t, mode), selectState(t, mode));
  }

  /** The statements that add the fire and token columns to a ShedLock table. */
  final List<String> addFireColumns(LockTable t) {
    return tableDdl.addFireColumns(t);
  }

  /** The statements that add the named optional columns to a table without them. */
  final List<String> addColumns(LockTable t, List<String> missing) {
    return tableDdl.addColumns(t, missing);
  }

  /**
   * The epoch as a timestamp literal of the time columns' type: an instant is bound as epoch
   * milliseconds and added to it with {@link #plus}, as every driver binds a number alike (MySQL
   * Connector/J drops the fraction of a bound timestamp on MariaDB, whose version it misreads).
   */
  String epoch() {
    return "TIMESTAMP '1970-01-01 00:00:00'";
  }

  /** Appends the instant, bound as epoch milliseconds, as a time of the database's UTC clock. */
  final void instant(Builder sql, Instant instant) {
    long millis = instant.toEpochMilli();
    plus(sql, epoch(), v -> Duration.ofMillis(millis));
  }

  /**
   * A query of one row and one column: the database's {@link #now()}. The admin's check that a
   * pause ends in the future, by the same clock the acquire statement compares it with.
   */
  String selectNow() {
    return "SELECT " + now();
  }

  /** The DDL of the history table. */
  final String createHistoryTable(String table) {
    return tableDdl.createHistoryTable(table, identityType());
  }

  /** The type of a column the database numbers by itself: the standard identity column. */
  String identityType() {
    return "BIGINT GENERATED BY DEFAULT AS IDENTITY";
  }

  /**
   * A text parameter where the database must know its type (in a SELECT list, as Derby requires):
   * {@code CAST(? AS <text type>)}.
   */
  String textCast(int length) {
    return tableDdl.textType(length);
  }

  /**
   * Whether a release and the insert of its history record can be one statement (a data-modifying
   * CTE, PostgreSQL); elsewhere the insert is a second statement on the same connection.
   */
  boolean releasesWithHistoryInOneStatement() {
    return false;
  }

  /** The DDL of the lock table, or of a table with the same columns. */
  final String createTable(LockTable t) {
    return tableDdl.createTable(t);
  }

  /** Whether the error says the table does not exist. */
  final boolean isMissingTable(SQLException e) {
    return missingTable.matches(e);
  }

  /** Whether the error says the table already exists (a concurrent CREATE TABLE won). */
  final boolean isAlreadyExists(SQLException e) {
    return alreadyExists.matches(e);
  }

  /** See {@link Quirk#INSERT_MAY_RACE}. */
  final boolean insertMayRace() {
    return quirks.contains(Quirk.INSERT_MAY_RACE);
  }

  /** See {@link Quirk#COUNTS_CHANGED_ROWS}. */
  final boolean countsChangedRowsOnly() {
    return quirks.contains(Quirk.COUNTS_CHANGED_ROWS);
  }

  /** See {@link Quirk#PADS_SPACES}. */
  final boolean padsSpaces() {
    return quirks.contains(Quirk.PADS_SPACES);
  }

  /** Whether the database's namespaces are JDBC catalogs (MySQL's databases), not schemas. */
  boolean namespacesAreCatalogs() {
    return false;
  }

  /**
   * Where the database looks for an unqualified table name, in its order: the first of these
   * namespaces that holds a table of the name is the one the lock statements use, and an
   * unqualified CREATE TABLE creates it in the first. Here the connection's current schema only, as
   * on HSQLDB, Derby, Oracle and DB2; a dialect whose database searches further, or whose
   * namespaces are catalogs, says so.
   *
   * @return schema names as stored (catalog names where {@link #namespacesAreCatalogs()}), first
   *     searched first; empty when the connection cannot tell
   */
  List<String> tableSearchPath(Connection connection) throws SQLException {
    return TableMetadata.listOf(TableMetadata.currentSchema(connection));
  }

  /**
   * The owner of the lock table and the connection's user, on databases where a table has an owner
   * with rights over it that grants do not give (PostgreSQL: alter, drop, add triggers).
   *
   * @return empty where tables have no owners (MySQL and MariaDB know privileges only), where the
   *     table is not found, or where this dialect does not ask
   */
  Optional<TableOwner> tableOwner(Connection connection, LockTable t) throws SQLException {
    return Optional.empty();
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

  /** The inverse of {@link #storedName}: the name as the application gave it. */
  final String nameAsGiven(String stored) {
    if (padsSpaces() && !stored.isEmpty() && stored.charAt(stored.length() - 1) == PAD_MARKER) {
      return stored.substring(0, stored.length() - 1);
    }
    return stored;
  }

  /** Sets lock_until to max(now, locked_at + lockAtLeastFor), for the caller's acquisition only. */
  final SqlStatement release(LockTable t) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET ");
    releaseOwn(b, t);
    return b.build();
  }

  /**
   * The {@link #release} that also records the run it ends in the columns of the last run: the
   * fire, the owner value, locked_at as its start, now as its end, the outcome and the error, and
   * where the table has its column ({@code withKind}) the run's kind. The outcome is {@code
   * LOCK_LOST} when lock_until had passed, which the statement reads before it sets lock_until: the
   * run columns come first because MySQL and MariaDB assign left to right, each assignment seeing
   * the ones before it. A row another owner took matches nothing, so its last run stays as that
   * owner's release will record it.
   */
  final SqlStatement releaseRecordingRun(LockTable t, boolean withKind) {
    Builder b = new Builder();
    if (withKind) {
      b.sql("UPDATE " + t.table() + " SET " + LockTable.LAST_RUN_KIND + " = ").kind().sql(", ");
      b.sql(LockTable.LAST_RUN_FIRE + " = ").runFire();
    } else {
      b.sql("UPDATE " + t.table() + " SET " + LockTable.LAST_RUN_FIRE + " = ").runFire();
    }
    b.sql(", " + LockTable.LAST_RUN_BY + " = " + t.lockedBy());
    b.sql(", " + LockTable.LAST_RUN_STARTED + " = " + t.lockedAt());
    b.sql(", " + LockTable.LAST_RUN_ENDED + " = " + now());
    b.sql(", " + LockTable.LAST_RUN_OUTCOME + " = CASE WHEN " + t.lockUntil() + " <= " + now());
    b.sql(" THEN '" + RunOutcome.LOCK_LOST + "' WHEN ").failed();
    b.sql(" = 1 THEN '" + RunOutcome.FAILED + "' ELSE '" + RunOutcome.SUCCEEDED + "' END");
    b.sql(", " + LockTable.LAST_RUN_ERROR + " = ").error().sql(", ");
    releaseOwn(b, t);
    return b.build();
  }

  /** The lock_until assignment of a release and its condition: this acquisition's row only. */
  private void releaseOwn(Builder b, LockTable t) {
    b.sql(t.lockUntil() + " = CASE WHEN ");
    plus(b, t.lockedAt(), Values::atLeastFor);
    b.sql(" > " + now() + " THEN ");
    plus(b, t.lockedAt(), Values::atLeastFor);
    b.sql(" ELSE " + now() + " END WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockedBy() + " = ").owner();
  }

  /** Restarts a live acquisition from now: new lockAtMostFor, locked_at = now. */
  final SqlStatement extend(LockTable t) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET " + t.lockUntil() + " = ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + t.lockedAt() + " = " + now());
    b.sql(" WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockedBy() + " = ").owner();
    b.sql(" AND " + t.lockUntil() + " > " + now());
    return b.build();
  }

  /** Whether the caller's acquisition is still live: one row when it is. */
  final SqlStatement selectLive(LockTable t) {
    Builder b = new Builder();
    b.sql("SELECT 1 FROM " + t.table() + " WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockedBy() + " = ").owner();
    b.sql(" AND " + t.lockUntil() + " > " + now());
    return b.build();
  }

  /**
   * Reads what {@link RowState} holds of a name's row: for statements that cannot return it, and to
   * tell a refused fire that already ran from one refused because the lock is held.
   */
  final SqlStatement selectState(LockTable t, AcquireMode mode) {
    return new Builder()
        .sql("SELECT " + stateColumns(t, mode, "") + " FROM " + t.table() + " WHERE ")
        .sql(t.name() + " = ")
        .name()
        .build();
  }

  /** Takes over the row only when it has expired; for two-step dialects. */
  final SqlStatement takeOverUpdate(LockTable t, AcquireMode mode) {
    Builder b = new Builder();
    b.sql("UPDATE " + t.table() + " SET ");
    takeOver(b, t, mode, "");
    b.sql(" WHERE " + t.name() + " = ").name();
    b.sql(" AND " + t.lockUntil() + " <= " + now());
    guard(b, mode, "");
    return b.build();
  }

  /** Inserts the row only when no row has the name; for two-step dialects. */
  final SqlStatement insertIfAbsent(LockTable t, AcquireMode mode, String oneRow) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + t.table() + " (" + columns(t, mode) + ") SELECT ");
    newRow(b, mode);
    b.sql(" FROM " + oneRow + " WHERE NOT EXISTS (SELECT 1 FROM " + t.table() + " WHERE ");
    b.sql(t.name() + " = ").name().sql(")");
    return b.build();
  }

  /**
   * The standard MERGE most databases share.
   *
   * @param target the table with the alias {@code tl}, and any table hints
   * @param source a one-row table
   * @param conditionAsWhere whether the take-over condition is a WHERE of the update (Oracle)
   *     rather than part of {@code WHEN MATCHED AND}
   * @param end text after the statement
   */
  final SqlStatement standardMerge(
      LockTable t,
      AcquireMode mode,
      String target,
      String source,
      boolean conditionAsWhere,
      String end) {
    Builder b = new Builder();
    b.sql("MERGE INTO " + target + " USING " + source + " ON (tl." + t.name() + " = ").name();
    b.sql(")");
    if (!conditionAsWhere) {
      b.sql(" WHEN MATCHED AND tl." + t.lockUntil() + " <= " + now());
      guard(b, mode, "tl.");
    } else {
      b.sql(" WHEN MATCHED");
    }
    b.sql(" THEN UPDATE SET ");
    takeOver(b, t, mode, "tl.");
    if (conditionAsWhere) {
      b.sql(" WHERE tl." + t.lockUntil() + " <= " + now());
      guard(b, mode, "tl.");
    }
    b.sql(" WHEN NOT MATCHED THEN INSERT (" + columns(t, mode) + ") VALUES (");
    newRow(b, mode);
    b.sql(")" + end);
    return b.build();
  }

  /** The columns a new row is given, in the order {@link #newRow} gives their values. */
  static String columns(LockTable t, AcquireMode mode) {
    String shedLock = t.name() + ", " + t.lockUntil() + ", " + t.lockedAt() + ", " + t.lockedBy();
    if (mode.fire()) {
      return shedLock + ", " + LockTable.LAST_FIRE + ", " + LockTable.FENCING_TOKEN;
    }
    // A plain call: no last_fire, as an untyped NULL is not valid everywhere, and null is its
    // default.
    return mode.tokens() ? shedLock + ", " + LockTable.FENCING_TOKEN : shedLock;
  }

  /**
   * The columns of {@link RowState} in its order: owner, then token and fire where there are, then
   * whether the lock is paused where the table has the pause columns.
   */
  final String stateColumns(LockTable t, AcquireMode mode, String prefix) {
    return rowColumns(t, mode, prefix) + (mode.pauses() ? ", " + pausedFlag(prefix) : "");
  }

  /** The stored columns of {@link RowState}: owner, then token and fire where there are. */
  static String rowColumns(LockTable t, AcquireMode mode, String prefix) {
    return mode.tokens()
        ? prefix
            + t.lockedBy()
            + ", "
            + prefix
            + LockTable.FENCING_TOKEN
            + ", "
            + prefix
            + LockTable.LAST_FIRE
        : prefix + t.lockedBy();
  }

  /**
   * Whether no pause is in force, by the database clock: none was set, or its end has passed. An
   * open-ended pause is {@code paused_by} set with {@code paused_until} null.
   */
  final String notPaused(String prefix) {
    String until = prefix + LockTable.PAUSED_UNTIL;
    return "("
        + prefix
        + LockTable.PAUSED_BY
        + " IS NULL OR ("
        + until
        + " IS NOT NULL AND "
        + until
        + " <= "
        + now()
        + "))";
  }

  /** 1 while a pause is in force, else 0: a number, which every database can return. */
  final String pausedFlag(String prefix) {
    return "CASE WHEN " + notPaused(prefix) + " THEN 0 ELSE 1 END";
  }

  /** The values of a freshly taken lock, in the order of {@link #columns}. */
  final void newRow(Builder b, AcquireMode mode) {
    b.name().sql(", ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + now() + ", ").owner();
    if (mode.fire()) {
      b.sql(", ").fire().sql(", " + epochMicros());
    } else if (mode.tokens()) {
      b.sql(", " + epochMicros());
    }
  }

  /**
   * The assignments that make the row the caller's fresh acquisition: a new token above the old one
   * and the database clock, and the fire it serves.
   */
  final void takeOver(Builder b, LockTable t, AcquireMode mode, String prefix) {
    b.sql(t.lockUntil() + " = ");
    plus(b, now(), Values::atMostFor);
    b.sql(", " + t.lockedAt() + " = " + now() + ", " + t.lockedBy() + " = ").owner();
    if (mode.fire()) {
      b.sql(", " + LockTable.LAST_FIRE + " = ").fire();
    }
    if (mode.tokens()) {
      b.sql(", " + LockTable.FENCING_TOKEN + " = " + nextToken(prefix + LockTable.FENCING_TOKEN));
    }
  }

  /**
   * The fire guard and the pause, as {@code AND ...} after a take-over condition: only a later fire
   * passes, and no request while a pause is in force.
   */
  final void guard(Builder b, AcquireMode mode, String prefix) {
    if (mode.fire()) {
      String lastFire = prefix + LockTable.LAST_FIRE;
      b.sql(" AND (" + lastFire + " IS NULL OR " + lastFire + " < ").fire().sql(")");
    }
    if (mode.pauses()) {
      b.sql(" AND " + notPaused(prefix));
    }
  }

  /**
   * The token after {@code column}: one more than it, or the database clock in microseconds when
   * that is greater, so that a deleted row does not start the tokens again from one.
   */
  final String nextToken(String column) {
    String next = "COALESCE(" + column + ", 0) + 1";
    return "CASE WHEN "
        + next
        + " > "
        + epochMicros()
        + " THEN "
        + next
        + " ELSE "
        + epochMicros()
        + " END";
  }
}
