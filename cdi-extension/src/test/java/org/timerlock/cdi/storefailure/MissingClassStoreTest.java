package org.timerlock.cdi.storefailure;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockException;
import org.timerlock.core.StoreOperation;

/**
 * A store client that cannot load one of its classes is a store failure under {@code
 * store-failure=skip}: the run is skipped and reported, nothing is thrown into the timer or the
 * executor that runs the job, so the next fire tries again.
 */
@TimerLockTest
class MissingClassStoreTest {

  @Inject Deployer deployer;

  private WeldContainer container;
  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void shutDown() {
    scheduler.shutdownNow();
  }

  @Test
  void aLockedMethodIsSkippedAndTheFailureNamesTheMissingClass() {
    container =
        deployer.start(
            Map.of("timerlock.lock.\"nested\".shared", "true"),
            ReportJob.class,
            MissingClassStoreProducer.class,
            EventLog.class);
    ReportJob job = container.select(ReportJob.class).get();

    assertThat(job.report()).as("skipped, not thrown").isNull();
    assertThat(job.runs()).isZero();
    List<LockEvent> events = container.select(EventLog.class).get().of("report");
    assertThat(events).extracting(LockEvent::kind).containsExactly(Kind.STORE_FAILURE);
    assertThat(events.get(0).operation()).contains(StoreOperation.ACQUIRE);
    assertThat(events.get(0).failure())
        .get()
        .isInstanceOf(LockException.class)
        .satisfies(failure -> assertThat(failure).hasMessageContaining("org/slf4j/LoggerFactory"))
        .extracting(Throwable::getCause)
        .isInstanceOf(NoClassDefFoundError.class);
  }

  @Test
  void aLockedTaskOnAnExecutorKeepsBeingTriedAtEveryRun() throws InterruptedException {
    container =
        deployer.start(
            Map.of("timerlock.lock.\"partner-sync\".lock-at-most-for", "1m"),
            MissingClassStoreProducer.class);
    MissingClassStoreProducer.requests = new CountDownLatch(3);
    Runnable task = container.select(LockedTasks.class).get().wrap("partner-sync", () -> {});

    // A periodic task that throws is never run again: the executor would stop after one try.
    scheduler.scheduleWithFixedDelay(task, 0, 10, TimeUnit.MILLISECONDS);

    assertThat(MissingClassStoreProducer.requests.await(2, TimeUnit.MINUTES))
        .as("the task was run again after the store failed")
        .isTrue();
  }
}
