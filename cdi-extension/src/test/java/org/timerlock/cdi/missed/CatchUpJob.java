package org.timerlock.cdi.missed;

import jakarta.ejb.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.SchedulerLock;

/**
 * A job at second 0 of every minute that TimerLock can run by itself: a public method without
 * parameters. Outside a server no timer calls it; only catch-up runs do.
 */
@ApplicationScoped
public class CatchUpJob {

  public static final String LOCK = "catch-up-minute";

  /** The node of every run, in order. */
  public static final List<String> RUNS = new CopyOnWriteArrayList<>();

  @SchedulerLock(name = LOCK, lockAtMostFor = "10s", lockAtLeastFor = "0s")
  @Schedule(second = "0", minute = "*", hour = "*", timezone = "UTC", persistent = false)
  public void run() {
    RUNS.add("ran");
  }
}
