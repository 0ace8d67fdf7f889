package org.timerlock.servertests;

import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Timer;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import org.timerlock.cdi.SchedulerLock;

/** The jobs every node of the two-node test has; the two run independently of each other. */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ClusterJobs {

  public static final String PERIODIC = "periodic";
  public static final String TAKEOVER = "takeover";
  public static final String LATE = "late";

  /** The period of {@link #periodic}; divides a minute, so that its fires are evenly spaced. */
  public static final Duration PERIOD = Duration.ofSeconds(4);

  /** The lockAtMostFor of {@link #periodic}. */
  public static final Duration PERIODIC_LOCK_AT_MOST_FOR = Duration.ofSeconds(10);

  /** How long a run of {@link #takeover} lasts. */
  public static final Duration TAKEOVER_RUN = Duration.ofSeconds(4);

  /** The lockAtMostFor of {@link #takeover}. */
  public static final Duration TAKEOVER_LOCK_AT_MOST_FOR = Duration.ofSeconds(12);

  @EJB Recorder recorder;

  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * Fires every 4 s on every node; must run once per fire across the cluster. lockAtLeastFor keeps
   * a quick run's lock past the moment the other node's timer fires for the same time, even 2 s
   * late (a loaded machine), and frees it 2 s before the next fire.
   *
   * @param timer the timer; its next timeout tells which scheduled time this fire is
   */
  @Schedule(hour = "*", minute = "*", second = "*/4", persistent = false)
  @SchedulerLock(name = PERIODIC, lockAtMostFor = "10s", lockAtLeastFor = "2s")
  public void periodic(Timer timer) {
    run(PERIODIC, scheduledFire(timer, PERIOD), 200);
  }

  /**
   * Fires every 4 s on every node, with no lockAtLeastFor: once a quick run has released the lock,
   * only the fire guard stops a node whose timer fires late for the same time from running it
   * again.
   *
   * @param timer the timer
   */
  @Schedule(hour = "*", minute = "*", second = "*/4", persistent = false)
  @SchedulerLock(name = LATE, lockAtMostFor = "10s", lockAtLeastFor = "0s")
  public void late(Timer timer) {
    run(LATE, scheduledFire(timer, PERIOD), 200);
  }

  /**
   * Runs for 4 s of its lockAtMostFor of 12 s (room for a slow first run on a loaded machine),
   * while the other node's timer keeps firing. A node killed during a run leaves the lock to
   * expire; the other node then takes over.
   *
   * <p>A server that runs one timer's fires one after another (Open Liberty) fires the ones it
   * missed as soon as a run ends, and so takes the lock again before the other node's next fire,
   * every time: there the test configures a lockAtLeastFor of 4.5 s for this lock, so that both
   * nodes race for it on the next fire. Elsewhere none is set: the node whose timer fires first
   * would then win every race, and the test needs the other node to win some.
   *
   * @param timer the timer
   */
  @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
  @SchedulerLock(name = TAKEOVER, lockAtMostFor = "12s")
  public void takeover(Timer timer) {
    run(TAKEOVER, scheduledFire(timer, Duration.ofSeconds(1)), TAKEOVER_RUN.toMillis());
  }

  /**
   * The scheduled time of the fire being run, whenever the callback starts: before it calls the
   * method, WildFly computes the next timeout from this fire's scheduled time (the first scheduled
   * time after it that has not passed yet), so the fire is one period before that. Payara computes
   * it from the current time: the same slot while the callback starts less than one period late
   * (about 100 ms in the tests). A wrong label fails the first two-node test, whose runs must be
   * labelled with slots of the schedule, once each.
   */
  private static Instant scheduledFire(Timer timer, Duration period) {
    return timer.getNextTimeout().toInstant().minus(period);
  }

  private void run(String lock, Instant fire, long holdMillis) {
    boolean inTransaction = transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    long id = recorder.started(lock, fire, Instant.now(), inTransaction);
    try {
      Thread.sleep(holdMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    recorder.ended(id);
  }
}
