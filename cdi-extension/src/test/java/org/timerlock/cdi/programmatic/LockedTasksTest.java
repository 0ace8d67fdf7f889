package org.timerlock.cdi.programmatic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.SimpleLock;

/**
 * Locks taken in code: {@link LockedTasks} by name with configured settings or with a configuration
 * given in code, and the injectable {@link LockingTaskExecutor}.
 */
@TimerLockTest(beans = SharedStore.class)
class LockedTasksTest {

  @Inject LockedTasks tasks;

  @Test
  @TimerLockTest(
      beans = EventLog.class,
      config = "timerlock.lock.\"partner-sync\".lock-at-most-for=7m")
  void lockedTasksWrapByNameWithConfiguredDurations(EventLog log) {
    AtomicInteger runs = new AtomicInteger();
    Runnable wrapped = tasks.wrap("partner-sync", runs::incrementAndGet);

    wrapped.run();
    SimpleLock held = SharedStore.otherNodeTakes("partner-sync");
    try {
      wrapped.run();
    } finally {
      held.unlock();
    }

    assertThat(runs).as("ran once, skipped once").hasValue(1);
    List<LockEvent> events = log.of("partner-sync");
    assertThat(events)
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ACQUIRED, Kind.RELEASED, Kind.SKIPPED);
    assertThat(events.get(0).configuration().lockAtMostFor()).isEqualTo(Duration.ofMinutes(7));
    assertThat(events.get(0).method()).isEmpty();
  }

  @Test
  @TimerLockTest(
      config = {
        "timerlock.provider=in-memory",
        "timerlock.lock.\"only-programmatic\".lock-at-most-for=3m"
      })
  void settingsForALockNoMethodUsesAreAccepted() {
    // Such keys may belong to a lock taken through LockedTasks: logged, not rejected.
    assertThat(tasks.wrap("only-programmatic", () -> {})).isNotNull();
  }

  @Test
  void lockedTasksRejectANameWithoutSettings() {
    assertThatThrownBy(() -> tasks.wrap("unknown-job", () -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no lockAtMostFor for lock 'unknown-job'")
        .hasMessageContaining("timerlock.lock.\"unknown-job\".lock-at-most-for");
  }

  @Test
  void lockedTasksWrapCallablesAsOptionals() throws Exception {
    LockConfiguration lock = LockConfiguration.of("report-callable", Duration.ofMinutes(1));
    Callable<Optional<String>> wrapped = tasks.wrap(lock, () -> "report");

    assertThat(wrapped.call()).contains("report");
    SimpleLock held = SharedStore.otherNodeTakes("report-callable");
    try {
      assertThat(wrapped.call()).isEmpty();
    } finally {
      held.unlock();
    }
  }

  @Test
  void lockingTaskExecutorIsInjectable(LockingTaskExecutor executor) {
    AtomicInteger runs = new AtomicInteger();

    boolean ran =
        executor.executeWithLock(
            (Runnable) runs::incrementAndGet,
            LockConfiguration.of("direct", Duration.ofMinutes(1)));

    assertThat(ran).isTrue();
    assertThat(runs).hasValue(1);
    assertThat(SharedStore.otherNodeCouldTake("direct")).isTrue();
  }
}
