package org.timerlock.example;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.LockAssert;

/**
 * An EJB timer every server of the cluster has, run by one of them per fire. It fires every five
 * seconds so that the log has something to show; a real report would use {@code hour = "2"}.
 *
 * <p>{@code persistent = false}: a non-persistent timer needs only {@code enterpriseBeansLite-4.0}
 * and does not catch up on fires missed while the server was down.
 */
@Singleton
public class NightlyReport {

  @Inject JobLog log;

  /** Builds the report, in the timer's container-managed transaction. */
  @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
  @SchedulerLock(name = "nightly-report", lockAtMostFor = "10m", lockAtLeastFor = "1s")
  public void build() {
    LockAssert.assertLocked();
    log.ran("nightly-report", () -> JobLog.pause(300));
  }
}
