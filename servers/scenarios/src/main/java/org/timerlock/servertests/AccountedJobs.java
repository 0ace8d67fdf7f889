package org.timerlock.servertests;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import java.time.Duration;
import org.timerlock.cdi.SchedulerLock;

/**
 * The job of {@link FireAccountingTests}: a timer every 10 s on every node, whose lock the
 * missed-fire watch follows (its {@code @Schedule} tells every node its slots). The test configures
 * a short grace and check interval, so a slot no node took is reported seconds later.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class AccountedJobs {

  /** The lock of {@link #everyTenSeconds()}. */
  public static final String WATCHED = "accounted";

  /** The period of its schedule. */
  public static final Duration PERIOD = Duration.ofSeconds(10);

  /** Does nothing worth a wait: what matters is which slots the store granted. */
  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  @SchedulerLock(name = WATCHED, lockAtMostFor = "8s")
  public void everyTenSeconds() {
    // The lock's row records the fire; the test reads it from the store.
  }
}
