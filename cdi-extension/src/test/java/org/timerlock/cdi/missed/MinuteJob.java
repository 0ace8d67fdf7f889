package org.timerlock.cdi.missed;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import org.timerlock.cdi.SchedulerLock;

/**
 * A job on a schedule every node knows: at second 0 of every minute. Outside a server nothing calls
 * it; the tests run its fires through the store as the node that ran them would.
 */
@ApplicationScoped
public class MinuteJob {

  public static final String LOCK = "minute";

  @SchedulerLock(name = LOCK, lockAtMostFor = "10s")
  @Asynchronous(runAt = @Schedule(cron = "0 * * * * *", zone = "UTC"))
  public void run() {}

  /** A job without a schedule every node knows: called by the application, never watched. */
  @SchedulerLock(name = "on-demand", lockAtMostFor = "10s")
  public void onDemand() {}
}
