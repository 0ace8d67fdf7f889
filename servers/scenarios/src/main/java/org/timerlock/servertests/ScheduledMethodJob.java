package org.timerlock.servertests;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.CurrentLock;

/**
 * A Jakarta Concurrency 3.1 scheduled method under the lock, for the servers that call
 * {@code @Asynchronous(runAt = ...)} methods on a schedule: every node's default managed scheduled
 * executor calls it every 2 s, and each fire must run on one node only. Each run is recorded by
 * {@link Recorder} with the fire TimerLock named for it, so that the test can tell the fires apart.
 *
 * <p>Only for servers with Concurrency 3.1: on Concurrency 3.0 the annotation has no {@code runAt}
 * and the method would run once.
 */
@ApplicationScoped
public class ScheduledMethodJob {

  /** The lock's name, also the job's name in the executions table. */
  public static final String LOCK = "scheduled-method";

  /** The period of the schedule; divides a minute, so that its fires are evenly spaced. */
  public static final Duration PERIOD = Duration.ofSeconds(2);

  /** The lockAtMostFor of the job. */
  public static final Duration LOCK_AT_MOST_FOR = Duration.ofSeconds(10);

  @EJB Recorder recorder;

  @Resource TransactionSynchronizationRegistry transactions;

  /** The first call starts the schedule; the container calls the method at every fire after. */
  void start(
      @Observes @Initialized(ApplicationScoped.class) Object started, ScheduledMethodJob self) {
    self.run();
  }

  /**
   * Runs for 200 ms. lockAtLeastFor keeps a quick run's lock past the moment the other node's
   * executor calls the method for the same fire, even late on a loaded machine, and frees it before
   * the next fire.
   *
   * @return {@code null}: the schedule goes on
   */
  @Asynchronous(runAt = @Schedule(cron = "*/2 * * * * *"))
  @SchedulerLock(name = LOCK, lockAtMostFor = "10s", lockAtLeastFor = "1s")
  public CompletableFuture<Void> run() {
    // A run without a fire would be a TimerLock fault; failing here leaves that fire unrecorded,
    // which the test reports.
    Instant fire =
        CurrentLock.fireInstant()
            .orElseThrow(() -> new IllegalStateException("no fire named for " + LOCK));
    boolean inTransaction = transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    long id = recorder.started(LOCK, fire, Instant.now(), inTransaction);
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    recorder.ended(id);
    return null;
  }
}
