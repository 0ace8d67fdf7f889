package org.timerlock.cdi.events;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * An observer of {@link LockEvent} that throws: the job is not affected, and the WARNING names the
 * event, the lock and the observer method, not TimerLock's publisher.
 */
class ThrowingObserverTest {

  @ApplicationScoped
  static class Job {
    @SchedulerLock(name = "observed", lockAtMostFor = "1m")
    public String run() {
      return "done";
    }
  }

  @ApplicationScoped
  static class FailingObserver {
    void onLockEvent(@Observes LockEvent event) {
      throw new IllegalStateException("metrics backend down");
    }
  }

  @Test
  @TimerLockTest(
      beans = {Job.class, FailingObserver.class},
      config = "timerlock.provider=in-memory")
  void theWarningNamesTheEventAndTheObserver(Job job) {
    List<String> warnings;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.EventPublisher")) {
      assertThat(job.run()).isEqualTo("done");
      warnings = log.warnings();
    }
    assertThat(warnings)
        .hasSize(2)
        .allSatisfy(
            w ->
                assertThat(w)
                    .contains("of lock 'observed' (" + Job.class.getName() + ".run)")
                    .contains("observer " + FailingObserver.class.getName() + ".onLockEvent")
                    .doesNotContain("EventPublisher@"));
    assertThat(warnings.get(0))
        .startsWith("TIMERLOCK-219 An observer of LockEvent threw on ACQUIRED");
    assertThat(warnings.get(1))
        .startsWith("TIMERLOCK-219 An observer of LockEvent threw on RELEASED");
  }
}
