package org.timerlock.example;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import org.timerlock.cdi.SchedulerLock;

/**
 * An EJB timer every GlassFish instance of the cluster has, run by one of them per fire. It fires
 * every two seconds so that the audit table has something to show; a real report would use {@code
 * hour = "2"}.
 *
 * <p>{@code persistent = false}: a persistent timer would need the EJB timer database of the domain
 * and would catch up on fires missed while the server was down, which a cluster-wide job does not
 * want.
 */
@Singleton
public class NightlyReport {

  /** The lock's name, also the job's name in the audit table. */
  public static final String LOCK = "nightly-report";

  @Inject JobAudit audit;

  /** Builds the report, in the timer's container-managed transaction. */
  @Schedule(hour = "*", minute = "*", second = "*/2", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m", lockAtLeastFor = "1s")
  public void build() {
    audit.run(LOCK, 300);
  }
}
