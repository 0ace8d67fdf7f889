package org.timerlock.cdi.switches;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;

/**
 * {@code timerlock.enabled} and {@code timerlock.lock."<name>".enabled} stop jobs without new code:
 * two nodes (two containers on one store) with the same configuration both skip, without asking the
 * store, and say so with a DISABLED event.
 */
@TimerLockTest
class SwitchesTest {

  @Inject Deployer deployer;

  @ApplicationScoped
  static class SwitchedJobs {
    private final AtomicInteger runs = new AtomicInteger();

    int runs() {
      return runs.get();
    }

    @SchedulerLock(name = "switched-off", lockAtMostFor = "1m")
    public String off() {
      runs.incrementAndGet();
      return "ran";
    }

    @SchedulerLock(name = "still-on", lockAtMostFor = "1m")
    public String on() {
      runs.incrementAndGet();
      return "ran";
    }
  }

  private List<WeldContainer> startNodes(Map<String, String> config) {
    return deployer.startNodes(config, SwitchedJobs.class, EventLog.class, SharedStore.class);
  }

  @Test
  void aLockSwitchedOffIsSkippedOnEveryNodeAndTheOthersRun() {
    for (WeldContainer node :
        startNodes(Map.of("timerlock.lock.\"switched-off\".enabled", "false"))) {
      SwitchedJobs jobs = node.select(SwitchedJobs.class).get();
      EventLog log = node.select(EventLog.class).get();

      assertThat(jobs.off()).isNull();
      assertThat(log.of("switched-off")).extracting(LockEvent::kind).containsExactly(Kind.DISABLED);
      assertThat(jobs.on()).isEqualTo("ran");
      assertThat(jobs.runs()).isEqualTo(1);
    }
    assertThat(SharedStore.otherNodeCouldTake("switched-off"))
        .as("the store was never asked for the switched-off lock")
        .isTrue();
  }

  @Test
  void timerlockEnabledFalseSkipsEveryLockIncludingProgrammaticOnes() throws Exception {
    Map<String, String> config = new HashMap<>();
    config.put("timerlock.enabled", "false");
    config.put("timerlock.lock.\"by-name\".lock-at-most-for", "1m");
    for (WeldContainer node : startNodes(config)) {
      SwitchedJobs jobs = node.select(SwitchedJobs.class).get();
      EventLog log = node.select(EventLog.class).get();
      AtomicInteger programmatic = new AtomicInteger();

      assertThat(jobs.off()).isNull();
      assertThat(jobs.on()).isNull();
      node.select(LockedTasks.class).get().wrap("by-name", programmatic::incrementAndGet).run();
      assertThat(
              node.select(LockingTaskExecutor.class)
                  .get()
                  .executeWithLock(
                      () -> programmatic.incrementAndGet(),
                      LockConfiguration.of("in-code", Duration.ofMinutes(1)))
                  .wasExecuted())
          .isFalse();

      assertThat(jobs.runs()).isZero();
      assertThat(programmatic).hasValue(0);
      assertThat(log.all())
          .extracting(LockEvent::kind)
          .containsExactly(Kind.DISABLED, Kind.DISABLED, Kind.DISABLED, Kind.DISABLED);
    }
  }
}
