package org.timerlock.example;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import javax.sql.DataSource;

/**
 * The audit tables {@code job_runs} and {@code lock_events}, in the database of the locks
 * (PostgreSQL). Each write commits in a transaction of its own, at once: a run is on record while
 * it is still running, and a run cut short by a crash stays on record.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class AuditTables {

  /** The JDBC resource of the locks, created with asadmin (see docs/servers/glassfish.md). */
  @Resource(lookup = "jdbc/locks")
  DataSource dataSource;

  /** Creates the tables where they are missing. */
  public void createIfMissing() {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS job_runs (id BIGSERIAL PRIMARY KEY,"
              + " job VARCHAR(64) NOT NULL, node VARCHAR(64) NOT NULL, fire TIMESTAMPTZ,"
              + " thread VARCHAR(200) NOT NULL, locked BOOLEAN NOT NULL, in_tx BOOLEAN NOT NULL,"
              + " started TIMESTAMPTZ NOT NULL, ended TIMESTAMPTZ)");
      s.execute(
          "CREATE TABLE IF NOT EXISTS lock_events (id BIGSERIAL PRIMARY KEY,"
              + " lock_name VARCHAR(64) NOT NULL, kind VARCHAR(16) NOT NULL,"
              + " node VARCHAR(64) NOT NULL, fire TIMESTAMPTZ, thread VARCHAR(200) NOT NULL,"
              + " at TIMESTAMPTZ NOT NULL)");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create the audit tables", e);
    }
  }

  /**
   * Records the start of a run.
   *
   * @param job the job
   * @param node the instance's node id
   * @param fire the scheduled fire the run serves, or null
   * @param thread the thread of the run
   * @param locked whether {@code LockAssert.assertLocked()} passed in the run
   * @param inTransaction whether the run has an active JTA transaction
   * @param started when the run started
   * @return the row's id
   */
  public long runStarted(
      String job,
      String node,
      Instant fire,
      String thread,
      boolean locked,
      boolean inTransaction,
      Instant started) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO job_runs (job, node, fire, thread, locked, in_tx, started)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id")) {
      s.setString(1, job);
      s.setString(2, node);
      s.setObject(3, utc(fire));
      s.setString(4, thread);
      s.setBoolean(5, locked);
      s.setBoolean(6, inTransaction);
      s.setObject(7, utc(started));
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot record a run of " + job, e);
    }
  }

  /**
   * Records the end of a run.
   *
   * @param id the run's row
   * @param ended when it ended
   */
  public void runEnded(long id, Instant ended) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("UPDATE job_runs SET ended = ? WHERE id = ?")) {
      s.setObject(1, utc(ended));
      s.setLong(2, id);
      s.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot record the end of run " + id, e);
    }
  }

  /**
   * Records a lock event.
   *
   * @param lock the lock name
   * @param kind what happened
   * @param node the node id
   * @param fire the fire the call served, or null
   * @param thread the thread the event was fired on
   * @param at when
   */
  public void event(
      String lock, String kind, String node, Instant fire, String thread, Instant at) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO lock_events (lock_name, kind, node, fire, thread, at)"
                    + " VALUES (?, ?, ?, ?, ?, ?)")) {
      s.setString(1, lock);
      s.setString(2, kind);
      s.setString(3, node);
      s.setObject(4, utc(fire));
      s.setString(5, thread);
      s.setObject(6, utc(at));
      s.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot record " + kind + " of " + lock, e);
    }
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }
}
