package org.timerlock.cdi.events;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * A call refused by the lease this node's own earlier run left (lockAtLeastFor) is reported as
 * such, not as a lock another node holds.
 */
@TimerLockTest(beans = {OwnLeaseEventTest.SpacedJob.class, SharedStore.class, EventLog.class})
class OwnLeaseEventTest {

  static final String LOCK = "own-lease-event";

  /** A job that must not run more often than once a minute. */
  @ApplicationScoped
  static class SpacedJob {
    @SchedulerLock(name = LOCK, lockAtMostFor = "5m", lockAtLeastFor = "1m")
    String run() {
      return "ran";
    }
  }

  @Inject SpacedJob job;
  @Inject EventLog log;

  @AfterEach
  void freeTheLock() {
    SharedStore.STORE.admin().orElseThrow().release(LOCK);
  }

  @Test
  void aCallInsideThisNodesOwnLeaseIsHeldByThisNode() {
    assertThat(job.run()).isEqualTo("ran");
    assertThat(job.run()).as("called again within lockAtLeastFor").isNull();

    assertThat(log.of(LOCK))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.RELEASED, Kind.HELD_BY_THIS_NODE);
    assertThat(SharedStore.otherNodeCouldTake(LOCK)).as("the lease holds for every node").isFalse();
  }
}
