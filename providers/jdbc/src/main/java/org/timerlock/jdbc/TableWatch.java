package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.timerlock.core.LockException;
import org.timerlock.core.spi.Printable;

/**
 * What a JDBC provider believes about its lock table: whether it has the fire and token columns and
 * the columns of the last run, how long a name its name column holds, and whether its owner was
 * compared with the connection's user. The provider looks before its first acquire, creating the
 * table when it is missing and allowed (a fresh database would otherwise answer the first acquire
 * with a missing-table error, logged by the database), and again after any failure, as no belief
 * about the table outlives one.
 */
final class TableWatch {

  /** The provider's logger: operators follow one logger for everything the provider does. */
  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  private final JdbcStore store;
  private final LockTable table;
  private final boolean createTable;
  private volatile TableShape shape = TableShape.UNKNOWN;

  /** Whether the owner of the table was compared with the connection's user (once). */
  private volatile boolean ownerChecked;

  /** Whether the table has the columns of the last run, as last looked at; null before. */
  private volatile Boolean runColumns;

  /** Whether the table also has the kind column of the last run, as last looked at. */
  private volatile boolean kindColumn;

  /** Whether the table has the pause columns, as last looked at. */
  private volatile boolean pauseColumns;

  /** The optional columns found missing when last looked at, as logged; empty before. */
  private volatile List<String> missingLogged = List.of();

  /** The longest name the table holds, as last looked at; 0 when not known. */
  private volatile int nameLimit;

  /** What the provider last found out about its table. */
  private enum TableShape {
    /** Not looked at yet, or a statement failed since. */
    UNKNOWN,
    /** With the fire and token columns, on a database that has statements for them. */
    FULL,
    /** ShedLock's four columns only, or a database without statements for the others. */
    LEASE_ONLY
  }

  /**
   * @param createTable whether a missing table is created
   */
  TableWatch(JdbcStore store, boolean createTable) {
    this.store = store;
    this.table = store.table();
    this.createTable = createTable;
  }

  /**
   * Before an acquire: looks at the table when nothing is believed about it, and refuses a name
   * longer than its name column holds.
   *
   * @throws NameTooLongException for such a name
   */
  void beforeAcquire(Connection connection, Dialect dialect, String name) throws SQLException {
    if (shape == TableShape.UNKNOWN || !fits(name)) {
      // A name too long for the limit last seen: the column may have been widened since.
      lookAtTable(connection, dialect);
    }
    requireFits(name);
  }

  /**
   * After a statement found the table missing: creates it, so that the statement can be tried
   * again, and refuses the name when the table it found holds shorter names.
   *
   * @param e the statement's missing-table error
   * @throws SQLException when creating the table is switched off, or fails
   * @throws NameTooLongException for a name longer than the table holds
   */
  void onMissingTable(Connection connection, Dialect dialect, String name, SQLException e)
      throws SQLException {
    if (!createTable) {
      throw missingTable(e);
    }
    createTable(connection, dialect);
    if (shape == TableShape.UNKNOWN) {
      lookAtTable(connection, dialect);
    }
    requireFits(name);
  }

  /** After a failure: the table is looked at again before the next acquire. */
  void forget() {
    shape = TableShape.UNKNOWN;
  }

  /**
   * Whether the table, as last looked at, has the fire and token columns and statements for them.
   */
  boolean full() {
    return shape == TableShape.FULL;
  }

  /**
   * Whether the table, as last looked at, has the columns of the last run, so that a release can
   * record it. Kept across failures: a release that finds them gone fails, and the lock expires.
   */
  boolean recordsRuns() {
    return Boolean.TRUE.equals(runColumns);
  }

  /** Whether a release can also record the run's kind. Kept across failures, as runs are. */
  boolean recordsKind() {
    return recordsRuns() && kindColumn;
  }

  /**
   * Whether the table, as last looked at, has the pause columns, so that the acquire statement
   * refuses a paused lock and the admin can pause.
   */
  boolean pauses() {
    return pauseColumns;
  }

  /**
   * Why the admin cannot pause: the table has no pause columns, and the statements that add them.
   */
  String noPauseColumnsReason(Dialect dialect) {
    return "Lock table "
        + table.table()
        + " has no columns "
        + String.join(" and ", LockTable.PAUSE_COLUMNS)
        + " (a ShedLock table, or one from before pauses): locks work, but cannot be paused."
        + " Add them with: "
        + String.join("; ", dialect.addColumns(table, LockTable.PAUSE_COLUMNS));
  }

  private boolean fits(String name) {
    int limit = nameLimit;
    return limit <= 0 || name.codePointCount(0, name.length()) <= limit;
  }

  /**
   * Refuses a name longer than the table's name column: a database may cut it silently (MariaDB and
   * MySQL without strict mode), and two locks would become one.
   */
  private void requireFits(String name) {
    if (!fits(name)) {
      int length = name.codePointCount(0, name.length());
      throw new NameTooLongException(
          JdbcMessage.NAME_TOO_LONG.text(
              "Lock name '"
                  + Printable.shortened(name)
                  + "' has "
                  + length
                  + " characters; the lock table "
                  + table.table()
                  + " holds names of at most "
                  + nameLimit
                  + " (column "
                  + table.name()
                  + "): use a shorter name, or widen the column"));
    }
  }

  /** The longest name a name column of this size holds, as {@link #maxNameLength} says it. */
  private static int nameLimit(Dialect dialect, int columnSize) {
    // One character is kept for the marker that keeps "Job" and "Job " apart.
    return dialect.padsSpaces() ? columnSize - 1 : columnSize;
  }

  /**
   * Whether the table exists (creating it when missing and allowed) and whether it has the fire and
   * token columns. A table dropped later is still created again when a statement finds it missing.
   */
  private void lookAtTable(Connection connection, Dialect dialect) throws SQLException {
    TableMetadata metadata = new TableMetadata(connection, dialect, table);
    Optional<TableOwner> foreign = Optional.empty();
    if (metadata.certainlyMissing()) {
      nameLimit = 0;
      if (!createTable) {
        return;
      }
      createTable(connection, dialect);
      // Another role may have created it first (CREATE TABLE IF NOT EXISTS then does nothing).
      foreign = foreignOwnerOnce(connection, dialect);
      if (shape != TableShape.UNKNOWN) {
        foreign.ifPresent(o -> warnOfOwner(o, ""));
        return;
      }
      // Another node created it in the same instant: what it created decides, as for any table
      // found. Without this look a request for a fire would run on the lease alone.
      metadata = new TableMetadata(connection, dialect, table);
      if (metadata.certainlyMissing()) {
        foreign.ifPresent(o -> warnOfOwner(o, ""));
        return;
      }
    } else {
      foreign = foreignOwnerOnce(connection, dialect);
    }
    OptionalInt size = metadata.nameColumnSize();
    nameLimit = size.isPresent() ? nameLimit(dialect, size.getAsInt()) : 0;
    boolean full =
        dialect.supportsFireColumns()
            && metadata.hasColumns(LockTable.LAST_FIRE, LockTable.FENCING_TOKEN);
    TableShape found = full ? TableShape.FULL : TableShape.LEASE_ONLY;
    if (foreign.isPresent()) {
      // A table another role owns and that turns the guard off: one finding, said at once, loud.
      TableOwner o = foreign.get();
      warnOfOwner(o, full ? "" : " " + leaseOnlyInForeignTable(dialect, o));
    } else if (found != shape && !full) {
      LOG.log(Level.INFO, () -> JdbcMessage.LEASE_ONLY.text(leaseOnlyReason(dialect)));
    }
    shape = found;
    lookAtOptionalColumns(metadata, dialect);
  }

  /**
   * Whether the table has the columns of the last run, its kind and the pause; says once how to add
   * those it lacks.
   */
  private void lookAtOptionalColumns(TableMetadata metadata, Dialect dialect) throws SQLException {
    List<String> missingRun = new ArrayList<>();
    for (String column : LockTable.LAST_RUN_COLUMNS) {
      if (!metadata.hasColumns(column)) {
        missingRun.add(column);
      }
    }
    if (!metadata.hasColumns(LockTable.LAST_RUN_KIND)) {
      missingRun.add(LockTable.LAST_RUN_KIND);
    }
    boolean pauses = metadata.hasColumns(LockTable.PAUSE_COLUMNS.toArray(String[]::new));
    List<String> missing = new ArrayList<>(missingRun);
    if (!pauses) {
      missing.addAll(LockTable.PAUSE_COLUMNS);
    }
    if (!missing.equals(missingLogged)) {
      if (!missingRun.isEmpty()) {
        LOG.log(
            Level.INFO,
            () -> JdbcMessage.NO_RUN_COLUMNS.text(noRunColumnsReason(dialect, missingRun)));
      }
      if (!pauses) {
        LOG.log(Level.INFO, () -> JdbcMessage.NO_PAUSE_COLUMNS.text(noPauseColumnsReason(dialect)));
      }
    }
    missingLogged = List.copyOf(missing);
    runColumns = missingRun.isEmpty() || missingRun.equals(List.of(LockTable.LAST_RUN_KIND));
    kindColumn = missingRun.isEmpty();
    pauseColumns = pauses;
  }

  private String noRunColumnsReason(Dialect dialect, List<String> missing) {
    boolean kindOnly = missing.equals(List.of(LockTable.LAST_RUN_KIND));
    return "Lock table "
        + table.table()
        + " has no columns for the last run of each lock ("
        + String.join(", ", missing)
        + (kindOnly
            ? "): releases record the last run without its kind, which the lock admin shows as"
                + " SCHEDULED."
            : "): locks work as before, but releases record no run and the lock admin shows"
                + " none.")
        + " Releases record the last run after adding them with: "
        + String.join("; ", dialect.addColumns(table, missing));
  }

  /**
   * Once per provider, when it first finds the table: the owner, when another role owns it. Where
   * any role may create tables in a schema the application uses (PostgreSQL 14 and earlier: {@code
   * public}), that role's table would otherwise be adopted without a word; its owner can alter or
   * drop it and add triggers that run as the application's user on every lock statement.
   */
  private Optional<TableOwner> foreignOwnerOnce(Connection connection, Dialect dialect) {
    if (ownerChecked) {
      return Optional.empty();
    }
    ownerChecked = true;
    try {
      return dialect.tableOwner(connection, table).filter(o -> !o.isUser());
    } catch (SQLException e) {
      JdbcStore.rollbackIfInTransaction(connection);
      LOG.log(
          Level.DEBUG,
          () ->
              "Cannot read the owner of lock table "
                  + table.table()
                  + ": "
                  + store.redactor().text(e.getMessage()));
      return Optional.empty();
    }
  }

  /** The owner warning, followed by what else is wrong with the table (or nothing). */
  private void warnOfOwner(TableOwner o, String alsoFound) {
    LOG.log(Level.WARNING, () -> JdbcMessage.TABLE_OWNER.text(ownerWarning(o) + alsoFound));
  }

  private String ownerWarning(TableOwner o) {
    return o.foreignOwnerWarning("Lock", store.source(), "every lock statement")
        + ", or set "
        + "timerlock.jdbc.table to a schema where only trusted roles can create tables (on"
        + " PostgreSQL 14 and earlier every role can create tables in schema public)."
        + " TimerLock needs SELECT, INSERT and UPDATE on the table; see docs/security.md.";
  }

  /** Why the guard is off in a table of another role, which only that role can alter. */
  private String leaseOnlyInForeignTable(Dialect dialect, TableOwner o) {
    if (!dialect.supportsFireColumns()) {
      return leaseOnlyReason(dialect) + ".";
    }
    return "The table also has no columns "
        + LockTable.LAST_FIRE
        + " and "
        + LockTable.FENCING_TOKEN
        + ": the fire guard and fencing tokens are off, the lease alone decides; only '"
        + o.owner()
        + "' can add them, with: "
        + String.join("; ", dialect.addFireColumns(table));
  }

  private String leaseOnlyReason(Dialect dialect) {
    if (!dialect.supportsFireColumns()) {
      return "Locks in "
          + store.where()
          + " use the lease alone: the fire guard and fencing tokens are not available on "
          + dialect.label();
    }
    return "Lock table "
        + table.table()
        + " has no columns "
        + LockTable.LAST_FIRE
        + " and "
        + LockTable.FENCING_TOKEN
        + " (a ShedLock table): the fire guard and fencing tokens are off, the lease alone"
        + " decides. ShedLock nodes can keep using the table after adding them with: "
        + String.join("; ", dialect.addFireColumns(table));
  }

  private void createTable(Connection connection, Dialect dialect) throws SQLException {
    String ddl = dialect.createTable(table);
    try (Statement statement = connection.createStatement()) {
      statement.execute(ddl);
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
      shape = dialect.supportsFireColumns() ? TableShape.FULL : TableShape.LEASE_ONLY;
      runColumns = true;
      kindColumn = true;
      pauseColumns = true;
      missingLogged = List.of();
      nameLimit = nameLimit(dialect, Dialect.CREATED_NAME_LENGTH);
      LOG.log(Level.INFO, () -> JdbcMessage.TABLE_CREATED.text("Created lock " + store.where()));
    } catch (SQLException e) {
      JdbcStore.rollbackIfInTransaction(connection);
      if (!dialect.isAlreadyExists(e)) {
        throw new SQLException(
            JdbcMessage.CREATE_TABLE_FAILED.text(
                "Cannot create lock table "
                    + table.table()
                    + " with: "
                    + ddl
                    + ": "
                    + e.getMessage()),
            e.getSQLState(),
            e.getErrorCode(),
            e);
      }
    }
  }

  private SQLException missingTable(SQLException e) {
    return new SQLException(
        JdbcMessage.TABLE_MISSING.text(
            "Lock table "
                + table.table()
                + " does not exist and creating it is switched off"
                + " (timerlock.jdbc.create-table=false): create it, see the DDL in the"
                + " documentation."
                + " Database said: "
                + e.getMessage()),
        e.getSQLState(),
        e.getErrorCode(),
        e);
  }

  /**
   * The longest name the table's name column holds, read from the database metadata; when the table
   * does not exist yet, what the column this provider creates holds; when the database cannot be
   * reached, the same, with a warning.
   */
  int maxNameLength() {
    try {
      return store.execute("read the name column size of", null, this::columnSize);
    } catch (LockException e) {
      LOG.log(
          Level.WARNING,
          JdbcMessage.COLUMN_SIZE_UNKNOWN.text(
              "Cannot read the size of column "
                  + table.name()
                  + " of "
                  + table.table()
                  + "; assuming "
                  + Dialect.CREATED_NAME_LENGTH
                  + ": "
                  + e.getMessage()));
      return Dialect.CREATED_NAME_LENGTH;
    }
  }

  private int columnSize(Connection connection) throws SQLException {
    Dialect dialect = store.dialect(connection);
    int size =
        new TableMetadata(connection, dialect, table)
            .nameColumnSize()
            .orElse(Dialect.CREATED_NAME_LENGTH);
    return nameLimit(dialect, size);
  }
}
