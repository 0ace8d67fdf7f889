package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import org.timerlock.core.CurrentLock;

/**
 * Refuses the writes of a lock holder whose lock has expired while it ran (a long GC pause, a
 * stalled VM) once a newer holder has written: the fencing-token check on the resource's side. Kept
 * in a small table of its own, one row per protected resource holding the latest token that wrote
 * to it.
 *
 * <p>Call {@link #check} in the same transaction as the writes it protects, before them. It records
 * the token and keeps the resource's row locked until the transaction ends, so a stale holder's
 * transaction either commits before the new holder's check (its writes come first, as they would
 * have) or is refused after it:
 *
 * <pre>{@code
 * try (Connection c = dataSource.getConnection()) {
 *   c.setAutoCommit(false);
 *   fence.check(c, "invoices");      // throws StaleFencingTokenException for a stale holder
 *   insertInvoices(c);
 *   c.commit();
 * }
 * }</pre>
 *
 * The protection holds only for writes that go through the check: a write that skips it cannot be
 * told apart.
 */
public final class JdbcFence {

  private final String table;

  private JdbcFence(String table) {
    this.table = table;
  }

  /**
   * A fence kept in a table of the given name, with the columns {@code resource VARCHAR(255)
   * PRIMARY KEY} and {@code token BIGINT NOT NULL} ({@link #createTableIfMissing} creates it).
   *
   * @param table a plain SQL identifier, optionally qualified by a schema
   * @return the fence
   * @throws IllegalArgumentException when the name is not a plain identifier
   */
  public static JdbcFence inTable(String table) {
    LockTable.requireTable(table, "fence table");
    return new JdbcFence(table);
  }

  /**
   * Creates the fence table unless it exists.
   *
   * @param connection a connection to the database of the protected resource
   * @throws SQLException when the database refuses
   */
  public void createTableIfMissing(Connection connection) throws SQLException {
    Dialect dialect = DatabaseProducts.detect(connection.getMetaData());
    if (dialect == null) {
      throw new SQLException(
          JdbcMessage.UNSUPPORTED_DATABASE.text(
              "Unsupported database " + connection.getMetaData().getDatabaseProductName()));
    }
    // Looked up where the statements will find it, as the lock table is.
    if (!new TableMetadata(connection, dialect, LockTable.shedLockLayout(table))
        .certainlyMissing()) {
      return;
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE "
              + table
              + " (resource VARCHAR(255) NOT NULL PRIMARY KEY, token BIGINT NOT NULL)");
    } catch (SQLException e) {
      if (!dialect.isAlreadyExists(e)) {
        throw e;
      }
    }
  }

  /**
   * Checks the current task's fencing token ({@link CurrentLock#fencingToken()}) for a resource.
   *
   * @param connection the connection of the transaction that writes the resource
   * @param resource the name of what is written, e.g. a table name
   * @throws StaleFencingTokenException when a newer holder has already written to the resource
   * @throws IllegalStateException when the current thread runs no locked task, or its lock has no
   *     fencing token
   * @throws SQLException when the database refuses
   */
  public void check(Connection connection, String resource) throws SQLException {
    long token =
        CurrentLock.fencingToken()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        JdbcMessage.NO_FENCING_TOKEN.text(
                            "The lock of the current task has no fencing token: its provider or its"
                                + " table does not keep them")));
    check(connection, resource, token);
  }

  /**
   * Records {@code token} as the latest that writes to a resource, or refuses it when a newer one
   * already has. An equal token passes: one holder may write several times.
   *
   * @param connection the connection of the transaction that writes the resource
   * @param resource the name of what is written, e.g. a table name
   * @param token the writer's fencing token
   * @throws StaleFencingTokenException when a newer token has already written to the resource
   * @throws SQLException when the database refuses
   */
  public void check(Connection connection, String resource, long token) throws SQLException {
    if (advance(connection, resource, token)) {
      return;
    }
    if (exists(connection, resource)) {
      throw new StaleFencingTokenException(table, resource, token);
    }
    // The first write to this resource: insert its row, or, when another writer just did, check
    // against that one. A savepoint keeps a lost insert race from aborting the transaction.
    Savepoint savepoint = connection.getAutoCommit() ? null : connection.setSavepoint();
    try (PreparedStatement insert =
        connection.prepareStatement("INSERT INTO " + table + " (resource, token) VALUES (?, ?)")) {
      insert.setString(1, resource);
      insert.setLong(2, token);
      insert.executeUpdate();
    } catch (SQLException e) {
      if (!SqlErrors.isIntegrityViolation(e)) {
        throw e;
      }
      if (savepoint != null) {
        connection.rollback(savepoint);
      }
      if (!advance(connection, resource, token)) {
        throw new StaleFencingTokenException(table, resource, token);
      }
    }
  }

  private boolean advance(Connection connection, String resource, long token) throws SQLException {
    try (PreparedStatement update =
        connection.prepareStatement(
            "UPDATE " + table + " SET token = ? WHERE resource = ? AND token <= ?")) {
      update.setLong(1, token);
      update.setString(2, resource);
      update.setLong(3, token);
      return update.executeUpdate() == 1;
    }
  }

  private boolean exists(Connection connection, String resource) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT 1 FROM " + table + " WHERE resource = ?")) {
      select.setString(1, resource);
      try (ResultSet rs = select.executeQuery()) {
        return rs.next();
      }
    }
  }

  @Override
  public String toString() {
    return "JdbcFence[" + table + "]";
  }
}
