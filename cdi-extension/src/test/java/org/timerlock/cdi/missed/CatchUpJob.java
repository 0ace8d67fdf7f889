package org.timerlock.cdi.missed;

import jakarta.ejb.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.core.RunKind;
import org.timerlock.core.spi.HistorySettings;

/**
 * A job at second 0 of every minute that TimerLock can run by itself: a public method without
 * parameters. Outside a server no timer calls it; only catch-up runs do.
 */
@ApplicationScoped
public class CatchUpJob {

  public static final String LOCK = "catch-up-minute";

  /** The key of the lock's catch-up window. */
  public static final String WITHIN = "timerlock.lock.\"" + LOCK + "\".catch-up-within";

  /** The node of every run, in order. */
  public static final List<String> RUNS = new CopyOnWriteArrayList<>();

  /** Before each catch-up test: a fresh store that keeps a history, the clock 5 s after noon. */
  static void freshStoreAndClock() {
    WatchPlatform.reset(
        WatchPlatform.NOON.plusSeconds(5), new HistorySettings(true, 100, Duration.ofDays(1)));
    RUNS.clear();
  }

  /** The events of the job's catch-up runs on one node. */
  static List<LockEvent> catchUps(EventLog events) {
    return events.of(LOCK).stream()
        .filter(e -> e.configuration().kind() == RunKind.CATCH_UP)
        .toList();
  }

  @SchedulerLock(name = LOCK, lockAtMostFor = "10s", lockAtLeastFor = "0s")
  @Schedule(second = "0", minute = "*", hour = "*", timezone = "UTC", persistent = false)
  public void run() {
    RUNS.add("ran");
  }
}
