package org.timerlock.servertests;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import java.time.Duration;
import org.timerlock.cdi.SchedulerLock;

/**
 * The jobs of {@link OperationsTests}, on every node. They take no parameters, so that TimerLock
 * can run them by itself (a run now, a catch-up), and record nothing of their own: the store's run
 * history, which the test reads, says which node ran which slot and as what kind of run.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class OperatedJobs {

  /** The lock of {@link #steady()}: paused and resumed, and run now. */
  public static final String STEADY = "ops-steady";

  /** The period of {@link #steady()}. */
  public static final Duration STEADY_PERIOD = Duration.ofSeconds(5);

  /** The lock of {@link #slow()}: a node stops while it runs. */
  public static final String SLOW = "ops-slow";

  /** The period of {@link #slow()}. */
  public static final Duration SLOW_PERIOD = Duration.ofSeconds(10);

  /** How long a run of {@link #slow()} lasts. */
  public static final Duration SLOW_RUN = Duration.ofSeconds(4);

  /** The lock of {@link #caughtUp()}: its slots are caught up when no node ran them. */
  public static final String CAUGHT_UP = "ops-catch-up";

  /** The period of {@link #caughtUp()}: room to stop both nodes and start them within one. */
  public static final Duration CAUGHT_UP_PERIOD = Duration.ofSeconds(20);

  /** A quick job every 5 s. */
  @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
  @SchedulerLock(name = STEADY, lockAtMostFor = "4s")
  public void steady() {
    // The store records the run.
  }

  /**
   * Runs for 4 s every 10 s, with a lockAtMostFor of 5 minutes: when its node stops during a run
   * and the lock were not released, no node could take the next slots for minutes. It declares no
   * exception: a timeout callback may not (Open Liberty refuses the bean, CNTR0327E).
   */
  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  @SchedulerLock(name = SLOW, lockAtMostFor = "5m")
  public void slow() {
    try {
      Thread.sleep(SLOW_RUN.toMillis());
    } catch (InterruptedException e) {
      // A server that interrupts its timers at a stop ends the run early; keep the interrupt.
      Thread.currentThread().interrupt();
    }
  }

  /** A quick job every 20 s, whose lock the test configures to catch up. */
  @Schedule(hour = "*", minute = "*", second = "*/20", persistent = false)
  @SchedulerLock(name = CAUGHT_UP, lockAtMostFor = "10s")
  public void caughtUp() {
    // The store records the run, and its kind.
  }
}
