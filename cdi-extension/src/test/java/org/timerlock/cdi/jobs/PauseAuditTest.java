package org.timerlock.cdi.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.RunNowResult;
import org.timerlock.cdi.missed.Waiting;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;

/**
 * A pause set and ended through the injected {@link LockAdmin}: audited once each, with who, where
 * and until when, and every call refused meanwhile with a {@link Kind#PAUSED} event.
 */
@TimerLockTest(
    beans = {OperatedJobs.class, JobsStore.class, EventLog.class},
    config = "timerlock.node-id=node-a")
class PauseAuditTest {

  @Inject LockAdmin admin;
  @Inject LockedJobs jobs;
  @Inject OperatedJobs job;
  @Inject EventLog events;

  @BeforeEach
  void reset() {
    OperatedJobs.NIGHTLY_RUNS.set(0);
  }

  @AfterEach
  void freshStore() {
    JobsStore.reset();
  }

  @Test
  void aPauseRefusesEveryCallUntilResumedAndIsAuditedOnce() {
    Instant until = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
    try (LoggedLines log = new LoggedLines("org.timerlock.core.admin.LockAdmin")) {
      LockInfo paused = admin.pause("nightly", until, "alice\n<ops>");

      assertThat(paused.paused()).isTrue();
      assertThat(log.warnings())
          .singleElement()
          .asString()
          .startsWith("TIMERLOCK-236")
          .contains("'nightly'", "node node-a", "until " + until)
          .contains("alice\\n<ops>")
          .doesNotContain("alice\n");
    }

    job.nightly();
    RunNowResult runNow = jobs.runNow("nightly", "bob");

    assertThat(OperatedJobs.NIGHTLY_RUNS).as("neither the call nor the run now ran").hasValue(0);
    assertThat(runNow.outcome()).isEqualTo(RunNowResult.Outcome.PAUSED);
    assertThat(runNow.message()).contains("paused by alice");

    try (LoggedLines log = new LoggedLines("org.timerlock.core.admin.LockAdmin")) {
      assertThat(admin.resume("nightly", "carol")).isTrue();
      assertThat(admin.resume("nightly", "carol")).as("no longer paused").isFalse();
      assertThat(log.warnings())
          .singleElement()
          .asString()
          .startsWith("TIMERLOCK-237")
          .contains("'nightly'", "carol", "node node-a");
    }
    job.nightly();
    assertThat(OperatedJobs.NIGHTLY_RUNS).hasValue(1);

    assertThat(events.of("nightly"))
        .extracting(LockEvent::kind)
        .containsExactly(
            Kind.PAUSE_STARTED,
            Kind.PAUSED,
            Kind.RUN_NOW,
            Kind.PAUSED,
            Kind.PAUSE_ENDED,
            Kind.ACQUIRED,
            Kind.RELEASED);
    LockEvent started = events.of("nightly").get(0);
    assertThat(started.operator()).contains("alice\n<ops>");
    assertThat(started.pausedUntil()).contains(until);
    assertThat(started.method()).isPresent();
    assertThat(events.of("nightly").get(4).operator()).contains("carol");
  }

  @Test
  void aPauseWithoutEndSaysUntilResumed() {
    try (LoggedLines log = new LoggedLines("org.timerlock.core.admin.LockAdmin")) {
      admin.pause("nightly", null, "alice");
      assertThat(log.warnings()).singleElement().asString().contains("until it is resumed");
    }
    Waiting.until("paused in the store", () -> admin.find("nightly").orElseThrow().paused());
    assertThat(events.of("nightly").get(0).pausedUntil()).isEmpty();
  }
}
