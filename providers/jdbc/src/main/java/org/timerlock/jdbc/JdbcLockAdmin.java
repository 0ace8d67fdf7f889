package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.PauseArguments;
import org.timerlock.core.spi.Printable;

/**
 * The rows of a {@link JdbcLockProvider}'s table, for operators. It writes ShedLock's four columns
 * only and reads every column the table has (see {@link LockRowReader}), so it works on a table
 * with or without the fire, token and last-run columns, which its release leaves as they are.
 *
 * <ul>
 *   <li>A listing is keyset-paged by name: each page is one query ({@code WHERE name > ? ORDER BY
 *       name}, cut by {@link java.sql.Statement#setMaxRows}), so no call reads more than one page;
 *       the cursor is the last name of the page before.
 *   <li>"Held" is {@code lock_until > now} computed by the database with the lock statements' own
 *       clock expression (UTC, whatever the session's time zone), never compared in this JVM.
 *   <li>A release sets {@code lock_until} to the database's now, for that owner value only and only
 *       while it is held: one statement.
 * </ul>
 *
 * A table that does not exist yet has no locks: listing it is empty, a release finds nothing.
 */
final class JdbcLockAdmin implements LockAdmin {

  /** The provider's logger: operators follow one logger for everything the provider does. */
  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  private final JdbcStore store;
  private final TableWatch watch;
  private final JdbcHistory history;
  private final LockTable table;

  JdbcLockAdmin(JdbcStore store, TableWatch watch, JdbcHistory history) {
    this.store = store;
    this.watch = watch;
    this.history = history;
    this.table = store.table();
  }

  /**
   * {@inheritDoc}
   *
   * <p>Sets {@code paused_until} and {@code paused_by} on the lock's row, inserting a free row
   * (owner {@code -}) when the lock never ran; the lock table is created first when it is missing
   * and creating it is allowed. A run in progress is not stopped. {@code by} is stored escaped.
   *
   * @throws UnsupportedOperationException when the table has no pause columns (a ShedLock table):
   *     the message names the {@code ALTER TABLE} statements that add them
   */
  @Override
  public LockInfo pause(String name, Instant until, String by) {
    String pausedBy = PauseArguments.by(name, by);
    store.execute(
        "pause",
        name,
        connection -> {
          Dialect dialect = store.dialect(connection);
          PauseStatements pauses = pausesOrFail(connection, dialect, name);
          if (until != null) {
            pauses.requireFuture(connection, name, until);
          }
          pauses.pause(connection, dialect.storedName(name), until, pausedBy);
          return null;
        });
    logOperatorChange(
        name, "paused by " + pausedBy + (until == null ? " until resumed" : " until " + until));
    return find(name)
        .orElseThrow(() -> new IllegalStateException("The paused row of '" + name + "' is gone"));
  }

  /**
   * {@inheritDoc}
   *
   * @throws UnsupportedOperationException when the table has no pause columns
   */
  @Override
  public boolean resume(String name, String by) {
    boolean resumed =
        store.execute(
            "resume",
            name,
            connection -> {
              Dialect dialect = store.dialect(connection);
              return pausesOrFail(connection, dialect, name)
                      .resume(connection, dialect.storedName(name))
                  == 1;
            });
    if (resumed) {
      logOperatorChange(name, "resumed by " + Printable.shortened(by));
    }
    return resumed;
  }

  /** An operator's pause or resume, at INFO: rare, and what an audit of the store looks for. */
  private void logOperatorChange(String name, String change) {
    LOG.log(
        Level.INFO, () -> "Lock '" + Printable.of(name) + "' in " + store.where() + " " + change);
  }

  @Override
  public boolean keepsHistory() {
    return history.enabled();
  }

  /**
   * {@inheritDoc}
   *
   * <p>Reads {@code <table>_history}, after pruning the records beyond the bounds; a history table
   * that cannot be used (not there and not to be created) has nothing, with a logged warning.
   */
  @Override
  public List<RunRecord> history(String name, int limit) {
    return history.history(name, limit);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Inserts the record, then prunes the lock's records beyond the bounds. A failure to write is
   * logged with its code ({@code TIMERLOCK-322}), not thrown.
   */
  @Override
  public void recordMissed(String name, Instant slot, String nodeId) {
    history.recordMissed(name, slot, nodeId);
  }

  /**
   * The pause statements, after looking at the table (created when missing and allowed) and
   * checking the name's length as an acquire does.
   *
   * @throws UnsupportedOperationException when the table has no pause columns
   */
  private PauseStatements pausesOrFail(Connection connection, Dialect dialect, String name)
      throws SQLException {
    if (!watch.pauses()) {
      // Columns added since the provider last looked count at once.
      watch.forget();
    }
    watch.beforeAcquire(connection, dialect, name);
    if (!watch.pauses()) {
      throw new UnsupportedOperationException(
          JdbcMessage.NO_PAUSE_COLUMNS.text(watch.noPauseColumnsReason(dialect)));
    }
    return new PauseStatements(table, dialect);
  }

  @Override
  public LockPage list(String cursor, int limit) {
    int size = LockAdmin.pageSize(limit);
    return store.execute(
        "list the locks in",
        null,
        connection -> {
          Dialect dialect = store.dialect(connection);
          String sql =
              select(dialect)
                  + (cursor == null ? "" : " WHERE " + table.name() + " > ?")
                  + " ORDER BY "
                  + table.name();
          List<LockInfo> page = new ArrayList<>();
          try (PreparedStatement ps = connection.prepareStatement(sql)) {
            // One row more than the page tells whether another page follows.
            ps.setMaxRows(size + 1);
            ps.setFetchSize(size + 1);
            if (cursor != null) {
              ps.setString(1, cursor);
            }
            String lastStored = null;
            try (ResultSet rs = ps.executeQuery()) {
              LockRowReader reader = new LockRowReader(rs, dialect, table);
              while (rs.next()) {
                if (page.size() == size) {
                  return new LockPage(page, lastStored);
                }
                lastStored = reader.storedName(rs);
                page.add(reader.read(rs));
              }
            }
          } catch (SQLException e) {
            if (!dialect.isMissingTable(e)) {
              throw e;
            }
            JdbcStore.rollbackIfInTransaction(connection);
          }
          return new LockPage(page, null);
        });
  }

  /** One query of the dialect's now, the clock the acquire statements judge leases by. */
  @Override
  public Optional<Instant> storeTime() {
    return store.execute(
        "read the clock of",
        null,
        connection -> Optional.of(PauseStatements.now(connection, store.dialect(connection))));
  }

  @Override
  public Optional<LockInfo> find(String name) {
    return store.execute(
        "look up",
        name,
        connection -> {
          Dialect dialect = store.dialect(connection);
          String sql = select(dialect) + " WHERE " + table.name() + " = ?";
          try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, dialect.storedName(name));
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next()
                  ? Optional.of(new LockRowReader(rs, dialect, table).read(rs))
                  : Optional.<LockInfo>empty();
            }
          } catch (SQLException e) {
            if (!dialect.isMissingTable(e)) {
              throw e;
            }
            JdbcStore.rollbackIfInTransaction(connection);
            return Optional.empty();
          }
        });
  }

  @Override
  public boolean release(String name, String owner) {
    return store.execute(
        "release",
        name,
        connection -> {
          Dialect dialect = store.dialect(connection);
          String now = dialect.now();
          String sql =
              "UPDATE "
                  + table.table()
                  + " SET "
                  + table.lockUntil()
                  + " = "
                  + now
                  + " WHERE "
                  + table.name()
                  + " = ? AND "
                  + table.lockedBy()
                  + " = ? AND "
                  + table.lockUntil()
                  + " > "
                  + now;
          try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, dialect.storedName(name));
            ps.setString(2, owner);
            return ps.executeUpdate() == 1;
          } catch (SQLException e) {
            if (!dialect.isMissingTable(e)) {
              throw e;
            }
            JdbcStore.rollbackIfInTransaction(connection);
            return false;
          }
        });
  }

  /**
   * Every column of the table, then whether the lock is held, then the database's now: see {@link
   * LockRowReader}.
   */
  private String select(Dialect dialect) {
    return "SELECT tl.*, CASE WHEN tl."
        + table.lockUntil()
        + " > "
        + dialect.now()
        + " THEN 1 ELSE 0 END, "
        + dialect.now()
        + " FROM "
        + table.table()
        + " tl";
  }
}
