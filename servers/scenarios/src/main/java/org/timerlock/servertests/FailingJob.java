package org.timerlock.servertests;

import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.CurrentLock;

/**
 * A timer that writes in its transaction and then throws: the container rolls the write back, and
 * the lock must still be released, kept until lockAtLeastFor (3s) after the fire it served.
 */
@Singleton
@DependsOn("ProbeSchema")
public class FailingJob {

  public static final String LOCK = "probe-failing";

  @Resource(lookup = "java:comp/DefaultDataSource")
  DataSource dataSource;

  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m", lockAtLeastFor = "3s")
  public void fire() {
    Instant start = Instant.now();
    Runs.started(LOCK, start);
    // A timeout method declares no checked exception: Open Liberty refuses one that does.
    try (Connection c = dataSource.getConnection();
        PreparedStatement s =
            c.prepareStatement("INSERT INTO " + ProbeSchema.TABLE + " (written_at) VALUES (?)")) {
      s.setTimestamp(1, Timestamp.from(start));
      s.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("the failing job could not write its row", e);
    }
    Runs.finished(
        LOCK,
        new Runs.Run(
            start,
            Instant.now(),
            Probe.transactionStatus(),
            true,
            CurrentLock.fireInstant().orElse(null)));
    throw new IllegalStateException("the job failed on purpose, after writing a row");
  }
}
