package org.timerlock.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * PostgreSQL: two statements sent together, in one round trip and one transaction. The first waits
 * for this lock's turn: a transaction-level advisory lock on the lock's key, which every acquire of
 * the lock takes and keeps until its transaction has ended, so that the second starts (and takes
 * its snapshot) only once any other acquire of the same lock has committed. The second is a locking
 * read of the row when it may be taken over ({@code FOR UPDATE SKIP LOCKED}), an UPDATE that takes
 * over the row it found, an INSERT of a missing one ({@code ON CONFLICT DO NOTHING}, so a race on a
 * new name fails no statement), and a read of the row, returning the state of the row after the
 * statement, with whether a pause refused it.
 *
 * <p>A refusal writes nothing: no row is locked, no transaction id taken, no WAL written. A refusal
 * that waited its turn sees the winner's take-over as committed, and its conditions fail on the row
 * it reads: it locks nothing. Without the turn, a statement whose snapshot was taken just before
 * another node's commit and that reaches the row just after would find the row changed and lock its
 * newest version to re-check it (read committed's re-check of a concurrently updated row), which
 * takes a transaction id. The wait is bounded ({@link #TURN_WAIT}): an acquire that does not get
 * its turn in time (a node stopped inside an acquire transaction it has not committed, or an
 * application that holds the same advisory key) runs the second statement all the same, which is
 * correct on its own: it skips a row another transaction holds (answering "held elsewhere") instead
 * of waiting for it.
 */
final class PostgreSqlDialect extends Dialect {

  /**
   * The first key of every advisory lock TimerLock takes (the two-integer form, whose keys never
   * meet those of the one-bigint form): the ASCII codes of {@code TLCK}.
   */
  static final int ADVISORY_CLASS = 0x544C434B;

  /** How long an acquire waits at most for another acquire of the same lock to end. */
  static final Duration TURN_WAIT = Duration.ofSeconds(2);

  private final Duration turnWait;

  PostgreSqlDialect() {
    this(TURN_WAIT);
  }

  /**
   * @param turnWait how long an acquire waits at most for its turn; zero tries once
   */
  PostgreSqlDialect(Duration turnWait) {
    super(
        "PostgreSQL",
        TableDdl.of("VARCHAR(%d)", "TIMESTAMP(3)").ifNotExists().keyAfterColumns(),
        SqlErrors.states("42P01"),
        // CREATE TABLE IF NOT EXISTS racing another node can still hit pg_type's unique index
        // (23505), or find the row type the other node's table just made (42710, duplicate_object:
        // 'type "shedlock" already exists').
        SqlErrors.states("42P07", "23505", "42710"));
    this.turnWait = turnWait;
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
        return path == null ? List.of() : TableMetadata.listOf((String[]) path.getArray());
      } finally {
        if (path != null) {
          path.free();
        }
      }
    }
  }

  /**
   * {@code pg_tables.tableowner} of the table the lock statements use ({@code to_regclass} resolves
   * the name along the search path as they do), and {@code current_user}.
   */
  @Override
  Optional<TableOwner> tableOwner(Connection connection, LockTable t) throws SQLException {
    String sql =
        "SELECT p.schemaname, p.tablename, p.tableowner, current_user FROM pg_tables p"
            + " JOIN pg_namespace n ON n.nspname = p.schemaname"
            + " JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = p.tablename"
            + " WHERE c.oid = to_regclass(?)";
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, t.table());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(
            new TableOwner(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
      }
    }
  }

  @Override
  boolean releasesWithHistoryInOneStatement() {
    return true;
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
    boolean leaseOnly = !mode.tokens();
    boolean fire = mode.fire();
    String state = rowColumns(t, mode, "");
    Builder b = new Builder();
    b.sql("WITH cur AS (SELECT " + (leaseOnly ? "1 AS one" : LockTable.LAST_FIRE));
    if (mode.pauses()) {
      b.sql(", " + pausedFlag("") + " AS paused");
    }
    b.sql(" FROM " + t.table() + " WHERE " + t.name() + " = ").name();
    // The row, locked, when it may be taken over; none when another transaction holds it. That
    // one is taking it or changing it: waiting for it would end in locking its new version to
    // re-check it, which costs a transaction id, WAL and a flush even when the take-over is then
    // refused. Skipped, the refusal stays a read.
    b.sql("), free AS (SELECT " + t.name() + " FROM " + t.table() + " WHERE " + t.name() + " = ");
    b.name().sql(" AND " + t.lockUntil() + " <= " + now());
    guard(b, mode, "");
    b.sql(" FOR UPDATE SKIP LOCKED), upd AS (UPDATE " + t.table() + " SET ");
    takeOver(b, t, mode, "");
    // The row is locked and its latest version passed the conditions: nothing can change it now.
    b.sql(" WHERE " + t.name() + " = (SELECT " + t.name() + " FROM free)");
    b.sql(" RETURNING " + state + "), ins AS (INSERT INTO " + t.table());
    b.sql(" (" + columns(t, mode) + ") SELECT ");
    newRow(b, mode);
    // Only nodes racing to insert a new name get to the conflict: the loser waits for the winner
    // to commit and then inserts nothing, without a transaction id.
    b.sql(" WHERE NOT EXISTS (SELECT 1 FROM cur) ON CONFLICT (" + t.name() + ") DO NOTHING");
    b.sql(" RETURNING " + state + ") SELECT " + firstOf(t.lockedBy()));
    if (!leaseOnly) {
      b.sql(", " + firstOf(LockTable.FENCING_TOKEN));
    }
    if (fire) {
      // The granted fire, else the one the statement saw: a refusal raced by a node whose
      // take-over had not committed yet does not know that fire, and says the lock is held.
      b.sql(", COALESCE((SELECT " + LockTable.LAST_FIRE + " FROM upd),");
      b.sql(" (SELECT " + LockTable.LAST_FIRE + " FROM ins),");
      b.sql(" (SELECT " + LockTable.LAST_FIRE + " FROM cur))");
    } else if (!leaseOnly) {
      b.sql(", (SELECT " + LockTable.LAST_FIRE + " FROM cur)");
    }
    if (mode.pauses()) {
      // The pause as the refused statement saw it; a name without a row is not paused.
      b.sql(", (SELECT paused FROM cur)");
    }
    return b.build();
  }

  @Override
  AcquireStrategy acquireStrategy(LockTable t, AcquireMode mode) {
    // The turn's result comes first; the row's is the second.
    return new AcquireStrategy.ReturnedRow(
        mode, waitForTurn(t).followedBy(acquire(t, mode)), selectState(t, mode), 1, true);
  }

  /**
   * Takes this lock's advisory lock for the transaction, trying again every millisecond until it
   * has it or {@link #turnWait} has passed; true when it has it. A blocking {@code
   * pg_advisory_xact_lock} could wait without end, and a {@code lock_timeout} would end the
   * transaction in an error, so that the acquire statement would not run in this round trip.
   * Another acquire of the lock holds it from before its own statement until its commit is visible:
   * PostgreSQL releases a transaction's locks after its commit.
   */
  SqlStatement waitForTurn(LockTable t) {
    long millis = turnWait.toMillis();
    Builder b = new Builder();
    // The series in a select list yields its numbers one by one, as the tries ask for them; in a
    // FROM clause it would be made whole before the first try, a cost to every acquire.
    b.sql("SELECT EXISTS (SELECT FROM (SELECT generate_series(0, " + millis + ") AS i) AS turn");
    // CASE keeps the order: the first try at once, then a sleep before each further try while
    // there is time left. A plain AND could be reordered by the planner.
    b.sql(" WHERE CASE WHEN i = 0 OR (clock_timestamp() < statement_timestamp() + INTERVAL '");
    b.sql(millis + " milliseconds' AND pg_sleep(0.001)::text = '')");
    b.sql(" THEN pg_try_advisory_xact_lock(" + ADVISORY_CLASS + ", ");
    b.param(v -> advisoryKey(t, v.name())).sql(") END); ");
    return b.build();
  }

  /**
   * The second key of a lock's advisory lock: a hash of the table and the stored name. Two locks
   * whose keys meet only wait for each other's acquire, which is short; neither is refused for it.
   */
  static int advisoryKey(LockTable t, String name) {
    return (t.table() + '\u0000' + name).hashCode();
  }

  /** The column from the update or, when it took nothing, from the insert. */
  private static String firstOf(String column) {
    return "COALESCE((SELECT " + column + " FROM upd), (SELECT " + column + " FROM ins))";
  }
}
