package org.timerlock.cdi.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.JobSource;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedJob;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.RunNowResult;
import org.timerlock.cdi.RunNowResult.Outcome;
import org.timerlock.cdi.missed.Waiting;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.RunKind;
import org.timerlock.core.SimpleLock;

/** The jobs an operator sees, and running one of them now on this node. */
@TimerLockTest(
    beans = {OperatedJobs.class, JobsStore.class, EventLog.class},
    config = {
      "timerlock.node-id=node-a",
      "timerlock.lock.\"timed\".enabled=false",
      "timerlock.lock.\"every-minute\".grace=PT10S"
    })
class LockedJobsTest {

  @Inject LockedJobs jobs;
  @Inject EventLog events;

  @BeforeEach
  void reset() {
    OperatedJobs.NIGHTLY_RUNS.set(0);
    OperatedJobs.REPORT_RUNS.set(0);
    OperatedJobs.reportMayEnd = new CountDownLatch(0);
  }

  @AfterEach
  void letRunsEnd() {
    OperatedJobs.reportMayEnd.countDown();
    Waiting.until("every lock free again", () -> JobsStore.free("report"));
    JobsStore.reset();
  }

  @Test
  void listsEveryLockedMethodSortedByName() {
    assertThat(jobs.jobs())
        .extracting(LockedJob::name)
        .containsExactly("every-minute", "nightly", "report", "timed", "with-args");

    LockedJob nightly = jobs.job("nightly").orElseThrow();
    assertThat(nightly.method()).isEqualTo(OperatedJobs.class.getName() + "#nightly");
    assertThat(nightly.source()).isEqualTo(JobSource.EJB_TIMER);
    assertThat(nightly.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(nightly.schedule()).contains("hour=2").contains("minute=30");
    assertThat(nightly.lockAtMostFor()).isEqualTo(Duration.ofMinutes(10));
    assertThat(nightly.lockAtLeastFor()).isEqualTo(Duration.ofMinutes(1));
    assertThat(nightly.enabled()).isTrue();
    assertThat(nightly.runnable()).isTrue();
    assertThat(nightly.notRunnableReason()).isEmpty();
    // 2030-01-15 is in winter: 02:30 in Berlin is 01:30 UTC.
    assertThat(nightly.nextSlot(Instant.parse("2030-01-15T12:00:00Z")))
        .contains(Instant.parse("2030-01-16T01:30:00Z"));
    assertThat(nightly.latestSlot(Instant.parse("2030-01-15T01:30:00Z")))
        .contains(Instant.parse("2030-01-15T01:30:00Z"));
    // Daily: half the period is more than the most a default grace is.
    assertThat(nightly.grace()).contains(Duration.ofMinutes(5));
    assertThat(
            nightly.firstOverdueSlot(
                Instant.parse("2030-01-14T01:30:00Z"), Instant.parse("2030-01-15T01:35:00Z")))
        .contains(Instant.parse("2030-01-15T01:30:00Z"));
    assertThat(
            nightly.firstOverdueSlot(
                Instant.parse("2030-01-14T01:30:00Z"), Instant.parse("2030-01-15T01:34:59Z")))
        .isEmpty();

    LockedJob report = jobs.job("report").orElseThrow();
    assertThat(report.source()).isEqualTo(JobSource.CALL);
    assertThat(report.scheduled()).isFalse();
    assertThat(report.schedule()).isNull();
    assertThat(report.zone()).isNull();
    assertThat(report.nextSlot(Instant.now())).isEmpty();
    assertThat(report.watched()).isFalse();
    assertThat(report.grace()).isEmpty();
    assertThat(report.firstOverdueSlot(Instant.EPOCH, Instant.now())).isEmpty();

    LockedJob everyMinute = jobs.job("every-minute").orElseThrow();
    assertThat(everyMinute.source()).isEqualTo(JobSource.RUN_AT);
    assertThat(everyMinute.zone()).isEqualTo(ZoneId.of("UTC"));
    assertThat(everyMinute.notRunnableReason().orElseThrow()).contains("asynchronous");
    assertThat(everyMinute.grace()).as("configured").contains(Duration.ofSeconds(10));

    LockedJob timed = jobs.job("timed").orElseThrow();
    assertThat(timed.source()).isEqualTo(JobSource.CALL);
    assertThat(timed.enabled()).isFalse();
    assertThat(timed.notRunnableReason().orElseThrow())
        .contains("switched off")
        .contains("timerlock.lock.\"timed\".enabled");

    assertThat(jobs.job("with-args").orElseThrow().notRunnableReason().orElseThrow())
        .contains("takes arguments");
    assertThat(jobs.job("unknown")).isEmpty();
  }

  @Test
  void runNowStartsTheJobAsAManualRunAndAuditsWhoAsked() {
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.RunNow")) {
      RunNowResult result = jobs.runNow("nightly", "alice <ops>");

      assertThat(result.outcome()).as(result.message()).isEqualTo(Outcome.STARTED);
      assertThat(result.message()).contains("node-a");
      Waiting.until("the nightly job ran", () -> OperatedJobs.NIGHTLY_RUNS.get() == 1);
      assertThat(log.warnings())
          .singleElement()
          .asString()
          .startsWith("TIMERLOCK-234")
          .contains("alice <ops>")
          .contains("node-a")
          .contains("'nightly'");
    }
    Waiting.until(
        "the manual run released",
        () -> events.of("nightly").stream().anyMatch(e -> e.kind() == Kind.RELEASED));
    assertThat(events.of("nightly"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.RUN_NOW, Kind.ACQUIRED, Kind.RELEASED);
    LockEvent audit = events.of("nightly").get(0);
    assertThat(audit.operator()).contains("alice <ops>");
    assertThat(events.of("nightly"))
        .allSatisfy(
            e -> {
              assertThat(e.configuration().kind()).isEqualTo(RunKind.MANUAL);
              assertThat(e.fireInstant()).isEmpty();
            });
  }

  @Test
  void runNowOfAJobRunningOnAnotherNodeIsRefusedNamingThatNode() {
    SimpleLock held = JobsStore.otherNodeTakes("report");
    try {
      RunNowResult result = jobs.runNow("report", "bob");

      assertThat(result.outcome()).isEqualTo(Outcome.HELD_ELSEWHERE);
      assertThat(result.holder()).contains(JobsStore.OTHER_NODE);
      assertThat(result.message()).contains("held by node " + JobsStore.OTHER_NODE);
    } finally {
      held.unlock();
    }
    assertThat(OperatedJobs.REPORT_RUNS).hasValue(0);
  }

  @Test
  void runNowReturnsWhileTheJobStillRuns() {
    OperatedJobs.reportMayEnd = new CountDownLatch(1);

    RunNowResult first = jobs.runNow("report", "carol");
    RunNowResult second = jobs.runNow("report", "carol");

    assertThat(first.outcome()).isEqualTo(Outcome.STARTED);
    assertThat(second.outcome()).isEqualTo(Outcome.HELD_ELSEWHERE);
    // runNow answers at the lock decision; the body runs on the executor's thread, maybe later.
    Waiting.until("the report runs", () -> OperatedJobs.REPORT_RUNS.get() == 1);
    assertThat(OperatedJobs.REPORT_RUNS).hasValue(1);
    assertThat(JobsStore.free("report")).as("held by the running job").isFalse();
  }

  @Test
  void runNowRefusesWhatItCannotRunSayingWhy() {
    assertThat(jobs.runNow("timed", "dave").outcome()).isEqualTo(Outcome.DISABLED);
    RunNowResult withArgs = jobs.runNow("with-args", "dave");
    assertThat(withArgs.outcome()).isEqualTo(Outcome.NOT_RUNNABLE);
    assertThat(withArgs.message()).contains("'with-args'").contains("takes arguments");
    assertThat(jobs.runNow("every-minute", "dave").outcome()).isEqualTo(Outcome.NOT_RUNNABLE);
    RunNowResult unknown = jobs.runNow("nope", "dave");
    assertThat(unknown.outcome()).isEqualTo(Outcome.UNKNOWN_LOCK);
    assertThat(unknown.message()).contains("'nope'");
    assertThatThrownBy(() -> jobs.runNow("report", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-223");
  }
}
