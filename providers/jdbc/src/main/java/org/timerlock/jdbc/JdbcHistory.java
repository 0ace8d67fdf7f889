package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Optional;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicLong;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.Printable;
import org.timerlock.jdbc.SqlStatement.Builder;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * The optional run history ({@code timerlock.history.enabled}): a table named after the lock table
 * with {@code _history}, created like it (when missing and allowed, its owner compared once with
 * the connection's user), one row per run written by the release, outside the job's transaction as
 * every lock statement, and one per missed slot.
 *
 * <p>On PostgreSQL the release and the insert are one statement (a data-modifying CTE); elsewhere
 * the insert is a second statement on the same connection, right after the release. A failed
 * history write never fails the release: it is logged, and on PostgreSQL the release is run again
 * alone.
 *
 * <p>Records are numbered by the table's identity column, newest highest: a lock's history is read
 * and pruned in that order. Pruning, by age for the whole table and by count for the lock, runs on
 * every {@value #PRUNE_EVERY}th recorded run of this provider (counted in memory), on every missed
 * slot recorded, and on every read; a read also filters by both bounds, so that it never shows more
 * than the bounds allow between two prunings. Pruning on every run would add three statements to
 * every release; every 64th keeps the amortised cost under one statement per 20 runs, while a lock
 * overshoots its count by at most 63 rows between two prunings.
 */
final class JdbcHistory {

  /** The provider's logger: operators follow one logger for everything the provider does. */
  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  /** How many recorded runs of this provider between two prunings: see the class comment. */
  static final int PRUNE_EVERY = 64;

  private static final ThreadLocal<Calendar> UTC =
      ThreadLocal.withInitial(() -> Calendar.getInstance(TimeZone.getTimeZone("UTC")));

  private final JdbcStore store;
  private final HistorySettings settings;
  private final String table;
  private final boolean createTable;
  private final AtomicLong runs = new AtomicLong();

  /** Whether the table was found or created since the last failure. */
  private volatile boolean ready;

  /** Whether the owner of the table was compared with the connection's user (once). */
  private volatile boolean ownerChecked;

  /**
   * @param createTable whether a missing history table is created (as the lock table)
   * @throws IllegalArgumentException when the history table's name is not a valid identifier
   */
  JdbcHistory(JdbcStore store, HistorySettings settings, boolean createTable) {
    this.store = store;
    this.settings = settings;
    this.table = store.table().table() + HistoryColumns.TABLE_SUFFIX;
    this.createTable = createTable;
    if (settings.enabled()) {
      LockTable.requireTable(table, "history table");
    }
  }

  /** Whether runs are recorded. */
  boolean enabled() {
    return settings.enabled();
  }

  /** The history table's name. */
  String table() {
    return table;
  }

  /**
   * Releases and records the run, on a table with the columns of the last run. The release's own
   * failure is thrown; a failure of the history write is logged.
   *
   * @param release the release statement that records the last run
   * @return the release's update count
   */
  int releaseRecording(Connection connection, Dialect dialect, SqlStatement release, Values values)
      throws SQLException {
    if (!readyOrLog(connection, dialect, values.name())) {
      return update(connection, release, values);
    }
    if (dialect.releasesWithHistoryInOneStatement()) {
      SqlStatement both = releaseAndInsert(dialect, release, table);
      try {
        int count = update(connection, both, values);
        afterRecorded(connection, dialect, values.name());
        return count;
      } catch (SQLException e) {
        if (dialect.isMissingTable(e) && !historyMissing(connection, dialect)) {
          throw e; // the lock table is gone: as without a history
        }
        failed(connection, values.name(), e);
        return update(connection, release, values);
      }
    }
    int count = update(connection, release, values);
    try {
      update(connection, insertFromLockRow(dialect, store.table(), table), values);
      afterRecorded(connection, dialect, values.name());
    } catch (SQLException e) {
      failed(connection, values.name(), e);
    }
    return count;
  }

  /** Records a slot no node ran, then prunes the lock's records. Failures are logged. */
  void recordMissed(String name, Instant slot, String nodeId) {
    if (!enabled()) {
      return;
    }
    store.execute(
        "record a missed slot of",
        name,
        connection -> {
          Dialect dialect = store.dialect(connection);
          String stored = dialect.storedName(name);
          if (!readyOrLog(connection, dialect, stored)) {
            return null;
          }
          String node = Printable.shortened(nodeId);
          Builder b = new Builder();
          b.sql("INSERT INTO " + table + " (" + HistoryColumns.ALL + ") VALUES (").name();
          b.sql(", ").param(v -> slot.toEpochMilli()).sql(", ").param(v -> node);
          b.sql(", " + dialect.now() + ", " + dialect.now() + ", '" + RunOutcome.MISSED + "', '");
          b.sql(RunKind.SCHEDULED + "', NULL, NULL)");
          try {
            update(connection, b.build(), new Values(stored, null, null, null));
            prune(connection, dialect, stored);
          } catch (SQLException e) {
            failed(connection, stored, e);
          }
          return null;
        });
  }

  /**
   * The lock's records, newest first, within both bounds; prunes first.
   *
   * @throws IllegalArgumentException when the limit is not positive
   */
  List<RunRecord> history(String name, int limit) {
    int size = Math.min(LockAdmin.pageSize(limit), settings.maxPerLock());
    if (!enabled()) {
      return List.of();
    }
    return store.execute(
        "read the history of",
        name,
        connection -> {
          Dialect dialect = store.dialect(connection);
          String stored = dialect.storedName(name);
          if (!readyOrLog(connection, dialect, stored)) {
            return List.of();
          }
          prune(connection, dialect, stored);
          Builder b = new Builder();
          b.sql("SELECT " + HistoryColumns.ALL + " FROM " + table + " WHERE ");
          b.sql(HistoryColumns.NAME + " = ").name().sql(" AND " + HistoryColumns.ENDED + " > ");
          dialect.plus(b, dialect.now(), v -> settings.maxAge().negated());
          b.sql(" ORDER BY " + HistoryColumns.ID + " DESC");
          SqlStatement query = b.build();
          List<RunRecord> records = new ArrayList<>();
          try (PreparedStatement ps = connection.prepareStatement(query.sql())) {
            ps.setMaxRows(size);
            query.bind(ps, new Values(stored, null, null, null));
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next() && records.size() < size) {
                records.add(record(rs));
              }
            }
          }
          return List.copyOf(records);
        });
  }

  private static RunRecord record(ResultSet rs) throws SQLException {
    long fire = rs.getLong(2);
    Instant fireInstant = rs.wasNull() ? null : Instant.ofEpochMilli(fire);
    return new RunRecord(
        fireInstant,
        rs.getString(3),
        time(rs, 4),
        time(rs, 5),
        RunOutcome.valueOf(rs.getString(6).trim()),
        RunKind.valueOf(rs.getString(7).trim()),
        rs.getString(8),
        rs.getString(9));
  }

  private static Instant time(ResultSet rs, int column) throws SQLException {
    Timestamp t = rs.getTimestamp(column, UTC.get());
    return t.toInstant();
  }

  /**
   * The release as a data-modifying CTE whose changed row feeds the insert: one statement. A
   * release that matches no row (another owner took the lock) inserts nothing.
   */
  static SqlStatement releaseAndInsert(Dialect dialect, SqlStatement release, String table) {
    Builder tail = new Builder();
    tail.sql(
        " RETURNING "
            + LockTable.LAST_RUN_FIRE
            + ", "
            + LockTable.LAST_RUN_STARTED
            + ", "
            + LockTable.LAST_RUN_ENDED
            + ", "
            + LockTable.LAST_RUN_OUTCOME
            + ") INSERT INTO "
            + table
            + " ("
            + HistoryColumns.ALL
            + ") SELECT ");
    tail.name().sql(", " + LockTable.LAST_RUN_FIRE + ", ");
    recordValues(dialect, tail, LockTable.LAST_RUN_STARTED + ", " + LockTable.LAST_RUN_ENDED);
    tail.sql(" FROM r");
    return new Builder().sql("WITH r AS (").build().followedBy(release).followedBy(tail.build());
  }

  /**
   * Copies the run the release just recorded from the lock row: only a row whose last run is this
   * acquisition's (its owner value is unique), so a release that matched nothing inserts nothing.
   */
  static SqlStatement insertFromLockRow(Dialect dialect, LockTable t, String table) {
    Builder b = new Builder();
    b.sql("INSERT INTO " + table + " (" + HistoryColumns.ALL + ") SELECT " + t.name() + ", ");
    b.sql(LockTable.LAST_RUN_FIRE + ", ");
    recordValues(dialect, b, LockTable.LAST_RUN_STARTED + ", " + LockTable.LAST_RUN_ENDED);
    b.sql(" FROM " + t.table() + " WHERE " + t.name() + " = ").name();
    b.sql(" AND " + LockTable.LAST_RUN_BY + " = ").owner();
    return b.build();
  }

  /**
   * node, started, ended, outcome, kind, error class, error message: the bound ones cast, as Derby
   * wants a parameter in a SELECT list typed.
   */
  private static void recordValues(Dialect dialect, Builder b, String startedAndEnded) {
    String name = " AS " + dialect.textCast(Dialect.CREATED_NAME_LENGTH) + ")";
    b.sql("CAST(").param(Values::nodeId).sql(name + ", " + startedAndEnded + ", ");
    b.sql(LockTable.LAST_RUN_OUTCOME + ", CAST(").param(Values::kindName);
    b.sql(" AS " + dialect.textCast(TableDdl.KIND_LENGTH) + "), CAST(");
    b.text(Values::errorClass).sql(name + ", CAST(").text(Values::errorMessage);
    b.sql(" AS " + dialect.textCast(TableDdl.ERROR_LENGTH) + ")");
  }

  /** Counts the recorded run; every {@link #PRUNE_EVERY}th prunes its lock's records. */
  private void afterRecorded(Connection connection, Dialect dialect, String stored) {
    if (runs.incrementAndGet() % PRUNE_EVERY == 0) {
      try {
        prune(connection, dialect, stored);
      } catch (SQLException e) {
        failed(connection, stored, e);
      }
    }
  }

  /**
   * Deletes the records older than the age bound (every lock's) and the lock's records beyond its
   * count bound: the newest max-per-lock stay, by the order they were written.
   */
  void prune(Connection connection, Dialect dialect, String stored) throws SQLException {
    Builder age = new Builder();
    age.sql("DELETE FROM " + table + " WHERE " + HistoryColumns.ENDED + " <= ");
    dialect.plus(age, dialect.now(), v -> settings.maxAge().negated());
    Values values = new Values(stored, null, null, null);
    update(connection, age.build(), values);

    Optional<Long> oldestKept = oldestKept(connection, stored);
    if (oldestKept.isPresent()) {
      long kept = oldestKept.get();
      Builder count = new Builder();
      count.sql("DELETE FROM " + table + " WHERE " + HistoryColumns.NAME + " = ").name();
      count.sql(" AND " + HistoryColumns.ID + " < ").param(v -> kept);
      update(connection, count.build(), values);
    }
  }

  /** The id of the lock's max-per-lock-th newest record, when it has more records than that. */
  private Optional<Long> oldestKept(Connection connection, String stored) throws SQLException {
    String sql =
        "SELECT "
            + HistoryColumns.ID
            + " FROM "
            + table
            + " WHERE "
            + HistoryColumns.NAME
            + " = ? ORDER BY "
            + HistoryColumns.ID
            + " DESC";
    int keep = settings.maxPerLock();
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setMaxRows(keep + 1);
      ps.setString(1, stored);
      long kept = 0;
      int seen = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          seen++;
          if (seen == keep) {
            kept = rs.getLong(1);
          }
        }
      }
      return seen > keep ? Optional.of(kept) : Optional.empty();
    }
  }

  /**
   * Whether the history table is there: looked at once (and again after a failure), created when
   * missing and allowed, its owner compared once with the connection's user. When it cannot be
   * used, says so with a code and returns false: the caller goes on without the history.
   */
  private boolean readyOrLog(Connection connection, Dialect dialect, String stored) {
    if (ready) {
      return true;
    }
    try {
      LockTable asTable = LockTable.shedLockLayout(table);
      if (new TableMetadata(connection, dialect, asTable).certainlyMissing()) {
        if (!createTable) {
          LOG.log(
              Level.WARNING,
              () ->
                  JdbcMessage.HISTORY_TABLE.text(
                      "History table "
                          + table
                          + " does not exist and creating it is switched off"
                          + " (timerlock.jdbc.create-table=false): runs are not recorded. Create it"
                          + " with: "
                          + dialect.createHistoryTable(table)));
          return false;
        }
        createTable(connection, dialect);
      }
      checkOwnerOnce(connection, dialect, asTable);
      ready = true;
      return true;
    } catch (SQLException e) {
      failed(connection, stored, e);
      return false;
    }
  }

  private boolean historyMissing(Connection connection, Dialect dialect) {
    try {
      return new TableMetadata(connection, dialect, LockTable.shedLockLayout(table))
          .certainlyMissing();
    } catch (SQLException e) {
      return true;
    }
  }

  private void createTable(Connection connection, Dialect dialect) throws SQLException {
    String ddl = dialect.createHistoryTable(table);
    try (Statement statement = connection.createStatement()) {
      statement.execute(ddl);
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
      LOG.log(
          Level.INFO,
          () -> JdbcMessage.TABLE_CREATED.text("Created history table " + table + " with: " + ddl));
    } catch (SQLException e) {
      JdbcStore.rollbackIfInTransaction(connection);
      if (!dialect.isAlreadyExists(e)) {
        throw new SQLException(
            JdbcMessage.HISTORY_TABLE.text(
                "Cannot create history table " + table + " with: " + ddl + ": " + e.getMessage()),
            e.getSQLState(),
            e.getErrorCode(),
            e);
      }
    }
  }

  /** As for the lock table: a table another role owns is used, with one warning. */
  private void checkOwnerOnce(Connection connection, Dialect dialect, LockTable asTable) {
    if (ownerChecked) {
      return;
    }
    ownerChecked = true;
    try {
      dialect
          .tableOwner(connection, asTable)
          .filter(o -> !o.isUser())
          .ifPresent(
              o ->
                  LOG.log(
                      Level.WARNING,
                      () ->
                          JdbcMessage.TABLE_OWNER.text(
                              o.foreignOwnerWarning("History", store.source(), "every release")
                                  + "; see docs/security.md.")));
    } catch (SQLException e) {
      JdbcStore.rollbackIfInTransaction(connection);
    }
  }

  /** Logs a failed history write: the run and its release go on. */
  private void failed(Connection connection, String stored, SQLException e) {
    JdbcStore.rollbackIfInTransaction(connection);
    ready = false;
    LOG.log(
        Level.WARNING,
        () ->
            JdbcMessage.HISTORY_WRITE_FAILED.text(
                "Cannot record the history of lock '"
                    + Printable.shortened(stored)
                    + "' in "
                    + table
                    + " ("
                    + store.source()
                    + "): the run and its release are not affected. Database said: "
                    + store.redactor().text(e.getMessage())));
  }

  private static int update(Connection connection, SqlStatement statement, Values values)
      throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(statement.sql())) {
      statement.bind(ps, values);
      return ps.executeUpdate();
    }
  }
}
