package org.timerlock.cdi.fires;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.CdiMessage;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.CurrentLock;

/**
 * A method scheduled with {@code @Asynchronous(runAt = ...)} names each call's fire by its
 * schedule: two nodes calling it for the same fire, one after the other, run it once; the second is
 * skipped as "already ran" with an event carrying the fire. Outside a server nothing calls the
 * method on schedule, so the test calls it as the container would at a fire.
 */
@TimerLockTest
class OncePerFireTest {

  @Inject Deployer deployer;

  @ApplicationScoped
  static class YearlyJob {
    private final AtomicInteger runs = new AtomicInteger();
    private volatile Instant servedFire;

    int runs() {
      return runs.get();
    }

    Instant servedFire() {
      return servedFire;
    }

    // Once a year: every call in this test names the same fire.
    @SchedulerLock(name = "yearly", lockAtMostFor = "1m")
    @Asynchronous(runAt = @Schedule(cron = "0 0 0 1 1 *", zone = "UTC"))
    public void run() {
      servedFire = CurrentLock.fireInstant().orElse(null);
      runs.incrementAndGet();
    }
  }

  private List<WeldContainer> startNodes(Map<String, String> config) {
    return deployer.startNodes(config, YearlyJob.class, EventLog.class, SharedStore.class);
  }

  @Test
  void theSecondNodeToCallForTheSameFireIsSkippedAsAlreadyRan() {
    List<WeldContainer> cluster = startNodes(Map.of());
    Instant newYear =
        ZonedDateTime.now(ZoneOffset.UTC)
            .withDayOfYear(1)
            .toLocalDate()
            .atStartOfDay(ZoneOffset.UTC)
            .toInstant();

    YearlyJob first = cluster.get(0).select(YearlyJob.class).get();
    YearlyJob second = cluster.get(1).select(YearlyJob.class).get();
    first.run();
    second.run();

    assertThat(first.runs()).isEqualTo(1);
    assertThat(first.servedFire()).isEqualTo(newYear);
    assertThat(second.runs()).as("the fire already ran on the first node").isZero();
    List<LockEvent> events = cluster.get(1).select(EventLog.class).get().of("yearly");
    assertThat(events).extracting(LockEvent::kind).containsExactly(Kind.ALREADY_RAN);
    assertThat(events.get(0).fireInstant()).contains(newYear);
  }

  @Test
  void onTheConcurrency31ApiTheDeploymentReadsRunAtAndSaysNothingOfAnIgnoredOne() {
    List<String> lines;
    try (LoggedLines log = new LoggedLines(TimerLockExtension.class.getName())) {
      deployer.start(Map.of(), YearlyJob.class, SharedStore.class);
      lines = log.all();
    }
    assertThat(lines)
        .anyMatch(
            line -> line.contains("each fire of its runAt schedule runs once"), "its lock line")
        .noneMatch(line -> line.contains(CdiMessage.RUN_AT_IGNORED.code()));
  }

  @Test
  void oncePerFireSwitchedOffLeavesTheLeaseAlone() {
    List<WeldContainer> cluster =
        startNodes(Map.of("timerlock.lock.\"yearly\".once-per-fire", "false"));

    YearlyJob first = cluster.get(0).select(YearlyJob.class).get();
    YearlyJob second = cluster.get(1).select(YearlyJob.class).get();
    first.run();
    second.run();

    assertThat(first.runs() + second.runs()).isEqualTo(2);
    assertThat(second.servedFire()).as("no fire instant when switched off").isNull();
  }
}
