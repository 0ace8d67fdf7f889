package org.timerlock.chaos;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.timerlock.jdbc.JdbcFence;
import org.timerlock.jdbc.StaleFencingTokenException;

/**
 * The fenced resource: a PostgreSQL table that the job appends to, guarded by the last token it
 * applied (Martin Kleppmann's fencing pattern), checked with TimerLock's {@link JdbcFence}. In one
 * transaction, the fence check and, when it passed, the write itself; a write whose token is older
 * than the last applied one is refused.
 *
 * <p>Tables, in the schema the connection points into:
 *
 * <ul>
 *   <li>{@code chaos_fence(resource, token)}: the last applied token;
 *   <li>{@code chaos_journal}: the protected data, one row per applied write, in apply order;
 *   <li>{@code chaos_refused}: the writes the fence refused, with the token that refused them.
 * </ul>
 *
 * <p>Without fencing (or when the lock gave no token), the write is applied unconditionally; it
 * still takes the fence row's lock, so that the journal's order is the order writes were applied.
 */
public final class Fence {

  /** The one resource every node writes to. */
  public static final String RESOURCE = "chaos-resource";

  /** What became of one write. */
  public enum Outcome {
    /** Applied after the token check passed. */
    APPLIED,
    /** Applied without a token check: fencing off, or the lock had no token. */
    APPLIED_UNFENCED,
    /** Refused: a write with a newer token had been applied. */
    REFUSED,
    /** The database did not answer; nothing was written. */
    FAILED
  }

  /** The fence rows, checked by TimerLock's {@link JdbcFence}. */
  private static final JdbcFence FENCE = JdbcFence.inTable("chaos_fence");

  private Fence() {}

  /**
   * Creates the tables and the resource's fence row.
   *
   * @param connection an autocommit connection into the run's schema
   * @throws SQLException when the database refuses
   */
  public static void createTables(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE chaos_fence (resource VARCHAR(64) PRIMARY KEY, token BIGINT NOT NULL)");
      s.execute("CREATE SEQUENCE chaos_seq");
      s.execute(
          "CREATE TABLE chaos_journal (seq BIGINT DEFAULT nextval('chaos_seq') PRIMARY KEY, resource VARCHAR(64) NOT NULL,"
              + " exec_id VARCHAR(64) NOT NULL, node INT NOT NULL, fire_ms BIGINT NOT NULL,"
              + " token BIGINT, fenced BOOLEAN NOT NULL)");
      s.execute(
          "CREATE TABLE chaos_refused (seq BIGINT DEFAULT nextval('chaos_seq') PRIMARY KEY, resource VARCHAR(64) NOT NULL,"
              + " exec_id VARCHAR(64) NOT NULL, node INT NOT NULL, fire_ms BIGINT NOT NULL,"
              + " token BIGINT NOT NULL, fence_token BIGINT)");
      s.execute(
          "INSERT INTO chaos_fence (resource, token) VALUES ('"
              + RESOURCE
              + "', "
              + Long.MIN_VALUE
              + ")");
    }
  }

  /**
   * Writes once to the resource, in one transaction.
   *
   * @param connection a connection into the run's schema; left in autocommit mode
   * @param execId the execution that writes
   * @param node the node index
   * @param fire the fire instant the execution serves, epoch milliseconds
   * @param token the lock's fencing token, if any
   * @param fencing whether to check the token; without a token there is nothing to check
   * @return what became of the write
   * @throws SQLException when the database fails; the transaction is rolled back
   */
  public static Outcome write(
      Connection connection,
      String execId,
      int node,
      long fire,
      OptionalLong token,
      boolean fencing)
      throws SQLException {
    boolean fenced = fencing && token.isPresent();
    connection.setAutoCommit(false);
    try {
      int updated;
      if (fenced) {
        // The library's own check, as a job would use it.
        try {
          FENCE.check(connection, RESOURCE, token.getAsLong());
          updated = 1;
        } catch (StaleFencingTokenException stale) {
          updated = 0;
        }
      } else {
        // Last writer wins; the row lock still orders the journal.
        try (PreparedStatement ps =
            connection.prepareStatement(
                "UPDATE chaos_fence SET token = COALESCE(?, token) WHERE resource = ?")) {
          if (token.isPresent()) {
            ps.setLong(1, token.getAsLong());
          } else {
            ps.setNull(1, java.sql.Types.BIGINT);
          }
          ps.setString(2, RESOURCE);
          updated = ps.executeUpdate();
        }
      }
      Outcome outcome;
      if (updated == 1) {
        try (PreparedStatement ps =
            connection.prepareStatement(
                "INSERT INTO chaos_journal (resource, exec_id, node, fire_ms, token, fenced)"
                    + " VALUES (?, ?, ?, ?, ?, ?)")) {
          ps.setString(1, RESOURCE);
          ps.setString(2, execId);
          ps.setInt(3, node);
          ps.setLong(4, fire);
          if (token.isPresent()) {
            ps.setLong(5, token.getAsLong());
          } else {
            ps.setNull(5, java.sql.Types.BIGINT);
          }
          ps.setBoolean(6, fenced);
          ps.executeUpdate();
        }
        outcome = fenced ? Outcome.APPLIED : Outcome.APPLIED_UNFENCED;
      } else {
        try (PreparedStatement ps =
            connection.prepareStatement(
                "INSERT INTO chaos_refused (resource, exec_id, node, fire_ms, token, fence_token)"
                    + " SELECT ?, ?, ?, ?, ?, token FROM chaos_fence WHERE resource = ?")) {
          ps.setString(1, RESOURCE);
          ps.setString(2, execId);
          ps.setInt(3, node);
          ps.setLong(4, fire);
          ps.setLong(5, token.orElseThrow());
          ps.setString(6, RESOURCE);
          ps.executeUpdate();
        }
        outcome = Outcome.REFUSED;
      }
      connection.commit();
      return outcome;
    } catch (SQLException | RuntimeException e) {
      try {
        connection.rollback();
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    } finally {
      try {
        connection.setAutoCommit(true);
      } catch (SQLException ignored) {
        // A broken connection: the caller drops it.
      }
    }
  }

  /**
   * One row of the journal or of the refused writes.
   *
   * @param seq the order in which the fence saw the writes (one sequence for both tables)
   * @param execId the execution
   * @param token its token, or null
   * @param applied true for the journal, false for a refused write
   * @param fenced for an applied write, whether its token was checked
   */
  public record Row(long seq, String execId, Long token, boolean applied, boolean fenced) {}

  /**
   * Reads the journal, in apply order.
   *
   * @param connection a connection into the run's schema
   * @return the applied writes
   * @throws SQLException when the database fails
   */
  public static List<Row> journal(Connection connection) throws SQLException {
    return rows(
        connection, "SELECT seq, exec_id, token, fenced FROM chaos_journal ORDER BY seq", true);
  }

  /**
   * Reads the refused writes.
   *
   * @param connection a connection into the run's schema
   * @return the refused writes
   * @throws SQLException when the database fails
   */
  public static List<Row> refused(Connection connection) throws SQLException {
    return rows(
        connection, "SELECT seq, exec_id, token, TRUE FROM chaos_refused ORDER BY seq", false);
  }

  private static List<Row> rows(Connection connection, String sql, boolean applied)
      throws SQLException {
    List<Row> rows = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        long token = rs.getLong(3);
        Long t = rs.wasNull() ? null : token;
        rows.add(new Row(rs.getLong(1), rs.getString(2), t, applied, rs.getBoolean(4)));
      }
    }
    return rows;
  }
}
