package org.timerlock.example;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.time.Instant;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.LockAssert;

/**
 * The classic shape: an EJB timer that every node of the cluster has, and that must run on one of
 * them only. In production this would be {@code hour = "2"}; here it fires every two seconds so
 * that the demo has something to show.
 *
 * <p>{@code lockAtLeastFor} keeps the lock for a second even when the report is quick, so that a
 * node whose timer fires a few milliseconds later does not run the same fire again.
 */
@Singleton
public class NightlyReport {

  @Inject ExecutionLog log;

  /** Builds the report. Runs in the timer's container-managed transaction. */
  @Schedule(hour = "*", minute = "*", second = "*/2", persistent = false)
  @SchedulerLock(name = "nightly-report", lockAtMostFor = "10m", lockAtLeastFor = "1s")
  public void build() {
    LockAssert.assertLocked(); // fails loudly should the lock ever not be in place
    Instant start = Instant.now();
    work(300);
    log.ran("nightly-report", start, false);
  }

  static void work(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
