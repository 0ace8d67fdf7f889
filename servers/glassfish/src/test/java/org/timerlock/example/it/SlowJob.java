package org.timerlock.example.it;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.time.Duration;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.example.JobAudit;

/**
 * A job that {@link DeployAndDrainIT} adds to the example: 4 s of work every 10 s under a lock of 5
 * minutes. When its domain is undeployed during a run and the lock were not released, no domain
 * could take the next slots for minutes.
 */
@Singleton
public class SlowJob {

  /** The lock's name, also the job's name in the audit table. */
  public static final String LOCK = "drain-slow";

  /** The schedule's period. */
  public static final Duration PERIOD = Duration.ofSeconds(10);

  /** How long a run works. */
  public static final Duration RUN = Duration.ofSeconds(4);

  @Inject JobAudit audit;

  /** Works for 4 s. */
  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "5m")
  public void work() {
    audit.run(LOCK, RUN.toMillis());
  }
}
