package org.timerlock.cdi.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.RunNowResult.Outcome;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.cdi.missed.Waiting;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.TaskResult;

/**
 * The application's stop: no new lock, a bounded wait for the running jobs, whose releases reach
 * the store before the provider is disposed of, and one WARNING per job still running at the
 * deadline.
 */
@TimerLockTest(
    beans = {OperatedJobs.class, JobsStore.class, StopEvents.class},
    config = "timerlock.node-id=node-a")
class DrainTest {

  @Inject LockedJobs jobs;
  @Inject OperatedJobs job;
  @Inject LockRuntime runtime;

  private final ApplicationStop stop = new ApplicationStop();

  @BeforeEach
  void reset() {
    OperatedJobs.NIGHTLY_RUNS.set(0);
    OperatedJobs.REPORT_RUNS.set(0);
    StopEvents.ALL.clear();
    // The container of the test before disposed of its provider after that test's clean-up.
    JobsStore.reportFreeWhenProviderClosed = null;
    OperatedJobs.reportMayEnd = new CountDownLatch(1);
  }

  @AfterEach
  void cleanUp() {
    OperatedJobs.reportMayEnd.countDown();
    stop.close();
    JobsStore.reset();
  }

  @Test
  void aStopTakesNoNewLockAndWaitsForTheRunningJobToRelease(WeldContainer container)
      throws Exception {
    assertThat(jobs.runNow("report", "ops").outcome()).isEqualTo(Outcome.STARTED);

    Future<?> stopped = stop.begin(container);
    Waiting.until("the drain has started", runtime::draining);
    job.nightly();

    assertThat(OperatedJobs.NIGHTLY_RUNS).as("no new lock while draining").hasValue(0);
    assertThat(StopEvents.of("nightly"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.SHUTTING_DOWN);
    assertThat(stopped).as("waits for the running job").isNotDone();

    OperatedJobs.reportMayEnd.countDown();
    stopped.get(30, TimeUnit.SECONDS);

    assertThat(JobsStore.reportFreeWhenProviderClosed)
        .as("the release reached the store before the provider was disposed of")
        .isTrue();
    assertThat(StopEvents.of("report"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.RUN_NOW, Kind.ACQUIRED, Kind.RELEASED);
  }

  @Test
  @TimerLockTest(config = "timerlock.shutdown.drain-timeout=200ms")
  void aJobStillRunningAtTheDeadlineIsNamedAndKeepsItsLease(WeldContainer container)
      throws Exception {
    assertThat(jobs.runNow("report", "ops").outcome()).isEqualTo(Outcome.STARTED);

    assertThat(stop.drainWarnings(container))
        .singleElement()
        .asString()
        .startsWith("TIMERLOCK-238")
        .contains("'report'", OperatedJobs.class.getName() + ".report()", "PT0.2S");
    assertThat(JobsStore.reportFreeWhenProviderClosed).as("its lease stays").isFalse();
  }

  @Test
  @TimerLockTest(config = "timerlock.shutdown.drain-timeout=0s")
  void aDrainTimeoutOfZeroDoesNotWait(WeldContainer container) throws Exception {
    assertThat(jobs.runNow("report", "ops").outcome()).isEqualTo(Outcome.STARTED);
    // runNow answers at the lock decision, before the job's body: the stop is to find it running.
    Waiting.until("the report runs", () -> OperatedJobs.REPORT_RUNS.get() == 1);

    stop.begin(container).get(30, TimeUnit.SECONDS);

    assertThat(JobsStore.reportFreeWhenProviderClosed).isFalse();
    assertThat(OperatedJobs.REPORT_RUNS).hasValue(1);
  }

  @Test
  void theInjectedExecutorTakesNoNewLockWhileDraining(WeldContainer container) throws Exception {
    assertThat(jobs.runNow("report", "ops").outcome()).isEqualTo(Outcome.STARTED);
    LockingTaskExecutor executor = container.select(LockingTaskExecutor.class).get();

    Future<?> stopped = stop.begin(container);
    Waiting.until("the drain has started", runtime::draining);
    TaskResult<String> result =
        executor.executeWithLock(() -> "ran", LockConfiguration.of("other", Duration.ofMinutes(1)));

    assertThat(result.outcome()).isEqualTo(TaskResult.Outcome.SHUTTING_DOWN);
    OperatedJobs.reportMayEnd.countDown();
    stopped.get(30, TimeUnit.SECONDS);
  }
}
