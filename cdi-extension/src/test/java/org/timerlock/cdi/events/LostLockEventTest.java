package org.timerlock.cdi.events;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.CurrentLock;
import org.timerlock.core.LockExtender;
import org.timerlock.core.StoreOperation;

/**
 * A job that finds its lock expired when it tries to extend it: the lock is lost, the job can tell,
 * and a STORE_FAILURE event of EXTEND says so, for alerting.
 */
class LostLockEventTest {

  @ApplicationScoped
  static class OverrunningJob {

    /** Outlives its lockAtMostFor, then tries to extend the lock; says whether it was lost. */
    @SchedulerLock(name = "overrun", lockAtMostFor = "100ms")
    public Boolean run() throws InterruptedException {
      // The in-memory store measures lockAtMostFor on this JVM's monotonic clock from before the
      // job started: after this sleep the lock has certainly expired.
      Thread.sleep(150);
      try {
        LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO);
      } catch (IllegalStateException expired) {
        // The job carries on only if it can; here it reports what it saw.
      }
      return CurrentLock.isLost();
    }
  }

  @Test
  @TimerLockTest(beans = {OverrunningJob.class, EventLog.class, SharedStore.class})
  void theLostLockIsAStoreFailureEventOfExtend(OverrunningJob job, EventLog log) throws Exception {
    boolean lost = job.run();

    assertThat(lost).isTrue();
    List<LockEvent> events = log.of("overrun");
    assertThat(events)
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.STORE_FAILURE, Kind.RELEASED);
    LockEvent failure = events.get(1);
    assertThat(failure.operation()).contains(StoreOperation.EXTEND);
    assertThat(failure.failure().orElseThrow()).hasMessageContaining("Lock 'overrun' was lost");
  }
}
