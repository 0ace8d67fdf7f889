package org.timerlock.servertests;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * Writes each run of a cluster job to the shared table {@code executions}, each write in a
 * transaction of its own so that a run cut short by a crash is still on record.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class Recorder {

  public static final String DATASOURCE = "java:app/jdbc/shared";

  @Resource(lookup = DATASOURCE)
  DataSource dataSource;

  /**
   * Records the start of a run.
   *
   * @param lock the lock name
   * @param fire the scheduled time of the timer fire being run
   * @param start when the body started
   * @param inTransaction whether the body runs in an active transaction
   * @return the row's id
   */
  public long started(String lock, Instant fire, Instant start, boolean inTransaction) {
    String node = nodeName();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO executions (lock_name, fire_time, node, started, in_tx)"
                    + " VALUES (?, ?, ?, ?, ?) RETURNING id")) {
      s.setString(1, lock);
      s.setTimestamp(2, Timestamp.from(fire));
      s.setString(3, node);
      s.setTimestamp(4, Timestamp.from(start));
      s.setBoolean(5, inTransaction);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The test's name for this node: the system property {@code timerlock.node-id} where the server
   * module sets it on the command line (TimerLock reads it too), else WildFly's node name.
   */
  private static String nodeName() {
    return System.getProperty("timerlock.node-id", System.getProperty("jboss.node.name"));
  }

  /**
   * Records the end of a run.
   *
   * @param id the row's id
   */
  public void ended(long id) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("UPDATE executions SET ended = ? WHERE id = ?")) {
      s.setTimestamp(1, Timestamp.from(Instant.now()));
      s.setLong(2, id);
      s.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
