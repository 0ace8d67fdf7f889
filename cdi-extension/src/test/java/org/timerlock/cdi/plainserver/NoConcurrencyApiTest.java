package org.timerlock.cdi.plainserver;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;

/**
 * The build runs this package once more without the Jakarta Concurrency API (see the module's pom),
 * as on a server that offers only CDI and MicroProfile Config: TimerLock deploys and locks
 * annotated methods without a word about the missing API; only an application that injects {@link
 * LockedTasks}, which schedules on a {@code ManagedScheduledExecutorService}, is told why it
 * cannot.
 */
@EnabledIf(
    value = "concurrencyAbsent",
    disabledReason = "this run has the Jakarta Concurrency API on its class path")
@TimerLockTest
class NoConcurrencyApiTest {

  @Inject Deployer deployer;

  static boolean concurrencyAbsent() {
    try {
      Class.forName("jakarta.enterprise.concurrent.Trigger");
      return false;
    } catch (ClassNotFoundException e) {
      return true;
    }
  }

  @ApplicationScoped
  static class Job {
    @Inject LockingTaskExecutor executor;

    @SchedulerLock(name = "no-concurrency-api", lockAtMostFor = "1m")
    public String run() {
      return "ran";
    }

    boolean runByName() {
      return executor.executeWithLock(
          () -> {}, LockConfiguration.of("by-name", Duration.ofMinutes(1)));
    }
  }

  @ApplicationScoped
  static class Scheduler {
    @Inject LockedTasks lockedTasks;
  }

  @Test
  void deploysAndLocksWithoutTheApiAndWithoutAWord() {
    List<String> lines;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.TimerLockExtension")) {
      WeldContainer container = deployer.start(Map.of(), SharedStore.class, Job.class);
      Job job = container.select(Job.class).get();
      assertThat(job.run()).isEqualTo("ran");
      assertThat(job.runByName()).isTrue();
      lines = log.warnings();
    }
    System.out.println("Deployed without Jakarta Concurrency; WARNING lines: " + lines);
    assertThat(lines).isEmpty();
  }

  @Test
  void injectingLockedTasksFailsTheDeploymentWithACodedProblem() {
    deployer
        .assertFails(Map.of(), SharedStore.class, Scheduler.class)
        .satisfies(e -> System.out.println("Injecting LockedTasks: " + e.getMessage()))
        .hasMessageContaining("TIMERLOCK-226")
        .hasMessageContaining(Scheduler.class.getName())
        .hasMessageContaining("needs the Jakarta Concurrency API");
  }
}
