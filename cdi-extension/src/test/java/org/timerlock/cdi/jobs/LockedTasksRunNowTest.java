package org.timerlock.cdi.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.concurrent.LastExecution;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.Trigger;
import jakarta.inject.Inject;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.JobSource;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedJob;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.RunNowResult.Outcome;
import org.timerlock.cdi.missed.Waiting;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.RunKind;

/** Tasks scheduled through {@link LockedTasks} are jobs an operator sees and can run now. */
@TimerLockTest(
    beans = {JobsStore.class, EventLog.class},
    config = {
      "timerlock.node-id=node-a",
      "timerlock.default.lock-at-most-for=1m",
      "timerlock.default.lock-at-least-for=0s"
    })
class LockedTasksRunNowTest {

  @Inject LockedTasks tasks;
  @Inject LockedJobs jobs;
  @Inject EventLog events;

  @AfterEach
  void freshStore() {
    JobsStore.reset();
  }

  /**
   * A scheduled executor whose schedules never fire, outside a server: only a run now runs the
   * tasks.
   */
  private static ManagedScheduledExecutorService neverFires() {
    return (ManagedScheduledExecutorService)
        Proxy.newProxyInstance(
            LockedTasksRunNowTest.class.getClassLoader(),
            new Class<?>[] {ManagedScheduledExecutorService.class},
            (proxy, method, args) -> {
              if (method.getName().equals("schedule")) {
                return null;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  @Test
  void aFixedRateTaskIsListedAndRunsNowAsAManualRun() {
    AtomicInteger runs = new AtomicInteger();
    tasks.scheduleAtFixedRate(neverFires(), "export", Duration.ofMinutes(5), runs::incrementAndGet);

    LockedJob export = jobs.job("export").orElseThrow();
    assertThat(export.source()).isEqualTo(JobSource.LOCKED_TASKS);
    assertThat(export.method()).isNull();
    assertThat(export.schedule()).isEqualTo("every PT5M");
    assertThat(export.zone()).isNull();
    assertThat(export.runnable()).isTrue();
    assertThat(export.nextSlot(Instant.parse("2030-01-01T12:01:00Z")))
        .contains(Instant.parse("2030-01-01T12:05:00Z"));
    assertThat(export.latestSlot(Instant.parse("2030-01-01T12:04:59Z")))
        .contains(Instant.parse("2030-01-01T12:00:00Z"));

    assertThat(jobs.runNow("export", "ops").outcome()).isEqualTo(Outcome.STARTED);
    Waiting.until("the task ran", () -> runs.get() == 1);
    Waiting.until(
        "the run released",
        () -> events.of("export").stream().anyMatch(e -> e.kind() == Kind.RELEASED));

    assertThat(events.of("export"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.RUN_NOW, Kind.ACQUIRED, Kind.RELEASED);
    assertThat(events.of("export").get(1).configuration().kind()).isEqualTo(RunKind.MANUAL);
    assertThat(events.of("export").get(1).method()).isEmpty();
  }

  @Test
  void aTaskOnATriggerOfItsOwnIsListedWithoutSchedule() {
    Trigger trigger =
        new Trigger() {
          @Override
          public Date getNextRunTime(LastExecution last, Date taskScheduled) {
            return null;
          }

          @Override
          public boolean skipRun(LastExecution last, Date scheduled) {
            return false;
          }
        };
    tasks.schedule(neverFires(), "adhoc", trigger, () -> {});

    assertThat(jobs.jobs()).extracting(LockedJob::name).containsExactly("adhoc");
    LockedJob adhoc = jobs.job("adhoc").orElseThrow();
    assertThat(adhoc.scheduled()).isFalse();
    assertThat(adhoc.schedule()).isNull();
    assertThat(adhoc.watched()).isFalse();
    assertThat(adhoc.runnable()).isTrue();
  }
}
