package org.timerlock.cdi.interception;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.SimpleLock;

/** The interceptor in a real Weld container, with the application's own LockProvider bean. */
@TimerLockTest(
    beans = {
      ReportJob.class,
      ClassLevelJob.class,
      PartnerSyncJob.class,
      SharedStore.class,
      EventLog.class
    },
    config = "timerlock.lock.\"nested\".shared=true")
class SchedulerLockInterceptorTest {

  @Inject ReportJob job;
  @Inject ClassLevelJob classLevel;
  @Inject PartnerSyncJob partnerSync;
  @Inject EventLog log;

  @Test
  void runsHoldingTheLockAndReleasesIt() {
    assertThat(job.report()).isEqualTo("report done");

    assertThat(job.runs()).isEqualTo(1);
    assertThat(job.otherNodeCouldTakeWhileRunning()).as("locked while running").isFalse();
    assertThat(SharedStore.otherNodeCouldTake("report")).as("released afterwards").isTrue();
  }

  @Test
  void skipsWhileAnotherNodeHoldsTheLock() {
    SimpleLock held = SharedStore.otherNodeTakes("report");
    try {
      assertThat(job.report()).as("skipped call returns null").isNull();
      assertThat(job.runs()).as("method body ran").isZero();
    } finally {
      held.unlock();
    }
    assertThat(job.report()).as("runs again once released").isEqualTo("report done");
  }

  @Test
  void skippedOptionalIsEmptyAndSkippedWrapperIsNull() {
    SimpleLock optional = SharedStore.otherNodeTakes("ReportJob.optionalReport");
    SimpleLock count = SharedStore.otherNodeTakes("ReportJob.count");
    try {
      assertThat(job.optionalReport()).isEmpty();
      assertThat(job.count()).isNull();
      assertThat(job.runs()).isZero();
    } finally {
      optional.unlock();
      count.unlock();
    }
    assertThat(job.optionalReport()).contains("optional done");
    assertThat(job.count()).isEqualTo(42);
  }

  @Test
  void exceptionReachesTheCallerAndTheLockIsReleased() {
    assertThatThrownBy(job::fails)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the job failed");
    assertThat(SharedStore.otherNodeCouldTake("ReportJob.fails")).isTrue();
    LockEvent released = log.of("ReportJob.fails").get(1);
    assertThat(released.kind()).isEqualTo(Kind.RELEASED);
    assertThat(released.failure())
        .get()
        .extracting(Throwable::getMessage)
        .isEqualTo("the job failed");
  }

  @Test
  void nestedCallOnTheSameLockIsReentrant() {
    assertThat(job.outer()).isEqualTo("outer+inner");
    assertThat(log.of("nested"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.RELEASED);
  }

  @Test
  void lockAssertFailsOutsideALockedMethod() {
    assertThatThrownBy(job::unlocked)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not running under a TimerLock lock");
  }

  @Test
  void classLevelAnnotationLocksEachMethodUnderItsOwnName() {
    SimpleLock held = SharedStore.otherNodeTakes("ClassLevelJob.first");
    try {
      assertThat(classLevel.first()).as("held elsewhere").isNull();
      assertThat(classLevel.second()).as("its own lock").isEqualTo("second");
    } finally {
      held.unlock();
    }
  }

  @Test
  void inheritedMethodIsLockedUnderTheBeanClassName() {
    SimpleLock held = SharedStore.otherNodeTakes("PartnerSyncJob.sync");
    try {
      assertThat(partnerSync.sync()).isNull();
    } finally {
      held.unlock();
    }
    assertThat(partnerSync.sync()).isEqualTo("synced");
  }

  @Test
  void lifecycleEventsNameTheLockMethodAndNode() throws Exception {
    job.report();
    SimpleLock held = SharedStore.otherNodeTakes("report");
    try {
      job.report();
    } finally {
      held.unlock();
    }

    assertThat(log.of("report"))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.RELEASED, Kind.SKIPPED);
    LockEvent released = log.of("report").get(1);
    assertThat(released.method()).contains(ReportJob.class.getMethod("report"));
    assertThat(released.ranFor()).get().isNotNull();
    assertThat(released.failure()).isEmpty();
    assertThat(released.nodeId()).isNotBlank();
    assertThat(released.configuration().lockAtMostFor()).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void unlockedMethodsOfALockedBeanPublishNothing() {
    assertThatThrownBy(job::unlocked).isInstanceOf(IllegalStateException.class);
    assertThat(log.all()).isEmpty();
  }
}
