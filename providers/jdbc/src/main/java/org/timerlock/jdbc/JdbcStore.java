package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import javax.sql.DataSource;
import org.timerlock.core.LockException;
import org.timerlock.core.spi.Printable;

/**
 * The way to the database that the JDBC provider, its locks and its admin view share: the
 * DataSource, reached outside the caller's transaction, the statements of the database detected on
 * the first connection, and one translation of failures into {@link LockException}s whose messages
 * name the table and keep the pool's secrets out.
 */
final class JdbcStore implements AutoCloseable {

  /** The provider's logger: operators follow one logger for everything the provider does. */
  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  private final DataSource dataSource;
  private final String source;
  private final LockTable table;
  private final AutoCloseable owned;
  private final OutsideCallerTransaction outsideTransaction;
  private final Redactor redactor;
  private volatile Statements statements;

  /** The detected database and its statements for this table. */
  record Statements(
      Dialect dialect,
      Map<AcquireMode, AcquireStrategy> acquire,
      SqlStatement release,
      SqlStatement releaseRecordingRun,
      SqlStatement releaseRecordingRunAndKind,
      SqlStatement extend,
      SqlStatement selectLive) {}

  /**
   * @param source how the DataSource is named in messages
   * @param owned what {@link #close()} closes besides its own thread, or null
   */
  JdbcStore(
      DataSource dataSource,
      String source,
      LockTable table,
      AutoCloseable owned,
      OutsideCallerTransaction outsideTransaction,
      Redactor redactor) {
    this.dataSource = dataSource;
    this.source = source;
    this.table = table;
    this.owned = owned;
    this.outsideTransaction = outsideTransaction;
    this.redactor = redactor;
  }

  LockTable table() {
    return table;
  }

  /** How the DataSource is named in messages. */
  String source() {
    return source;
  }

  Redactor redactor() {
    return redactor;
  }

  /** The statements of the connected database, composed on the first call. */
  Statements statements(Connection connection) throws SQLException {
    Statements s = statements;
    if (s == null) {
      Dialect dialect = DatabaseProducts.detect(connection.getMetaData());
      if (dialect == null) {
        DatabaseMetaData md = connection.getMetaData();
        throw new SQLException(
            JdbcMessage.UNSUPPORTED_DATABASE.text(
                "Unsupported database '"
                    + md.getDatabaseProductName()
                    + " "
                    + md.getDatabaseProductVersion()
                    + "'; supported: "
                    + DatabaseProducts.supportedProducts()));
      }
      Map<AcquireMode, AcquireStrategy> acquire = new EnumMap<>(AcquireMode.class);
      for (AcquireMode mode : AcquireMode.values()) {
        if (!mode.tokens() || dialect.supportsFireColumns()) {
          acquire.put(mode, dialect.acquireStrategy(table, mode));
        }
      }
      s =
          new Statements(
              dialect,
              Map.copyOf(acquire),
              dialect.release(table),
              dialect.releaseRecordingRun(table, false),
              dialect.releaseRecordingRun(table, true),
              dialect.extend(table),
              dialect.selectLive(table));
      statements = s;
      Statements detected = s;
      LOG.log(Level.DEBUG, () -> "Lock statements for " + where() + ": " + detected);
    }
    return s;
  }

  /** The detected database. */
  Dialect dialect(Connection connection) throws SQLException {
    return statements(connection).dialect();
  }

  /**
   * Runs the work on a connection outside the caller's transaction.
   *
   * @param operation what is done, for the message of a failure, e.g. {@code acquire}
   * @param lockName the lock it is done to, or null
   * @throws LockException when the database fails; a refusal of the provider's own with its code
   *     (e.g. {@link NameTooLongException}) passes unchanged
   */
  <T> T execute(String operation, String lockName, OutsideCallerTransaction.Work<T> work) {
    try {
      return outsideTransaction.run(dataSource, work);
    } catch (SQLException e) {
      throw new LockException(failure(operation, lockName, e), redactor.chain(e));
    } catch (RuntimeException e) {
      if (e instanceof LockException || isOwnRefusal(e)) {
        throw e;
      }
      throw new LockException(failure(operation, lockName, e), redactor.chain(e));
    }
  }

  /**
   * A refusal of the caller's argument or request that TimerLock made, with its code (a name too
   * long, a pause that ends in the past, a table without pause columns): the caller's error, not
   * the database's, so it passes unchanged.
   */
  private static boolean isOwnRefusal(RuntimeException e) {
    return (e instanceof IllegalArgumentException || e instanceof UnsupportedOperationException)
        && e.getMessage() != null
        && e.getMessage().startsWith("TIMERLOCK-");
  }

  private String failure(String operation, String lockName, Exception e) {
    StringBuilder m = new StringBuilder("Cannot ").append(operation);
    if (lockName != null) {
      m.append(" lock '").append(Printable.of(lockName)).append("' in");
    }
    m.append(' ').append(where()).append(": ").append(redactor.text(e.getMessage()));
    if (e instanceof SQLException s && s.getSQLState() != null) {
      m.append(" (SQLState ").append(s.getSQLState()).append(')');
    }
    return JdbcMessage.STORE_FAILURE.text(m.toString());
  }

  /** After a failed statement: a connection in a transaction would refuse the next one. */
  static void rollbackIfInTransaction(Connection connection) {
    try {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException ignored) {
      // The original error is the one to report.
    }
  }

  /**
   * Where the locks live, for messages.
   *
   * @return e.g. {@code table shedlock on PostgreSQL (java:comp/DefaultDataSource)}; the database
   *     product appears once a connection was made
   */
  String where() {
    Statements s = statements;
    return "table "
        + table.table()
        + (s == null ? "" : " on " + s.dialect().label())
        + " ("
        + source
        + ")";
  }

  /** Closes its own thread, and the connection pool it was given to own. */
  @Override
  public void close() {
    outsideTransaction.close();
    if (owned != null) {
      try {
        owned.close();
      } catch (Exception e) {
        LOG.log(
            Level.WARNING,
            JdbcMessage.POOL_CLOSE_FAILED.text(
                "Closing the connection pool of JDBC " + where() + " failed"),
            redactor.chain(e));
      }
    }
  }
}
