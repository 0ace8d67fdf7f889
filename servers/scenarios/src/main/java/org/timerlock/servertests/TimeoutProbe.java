package org.timerlock.servertests;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;

/** An EJB timer: the {@code @AroundTimeout} path. No lockAtLeastFor: the lock ends with the run. */
@Singleton
public class TimeoutProbe {

  public static final String LOCK = "probe-timeout";

  @Schedule(hour = "*", minute = "*", second = "*/4", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
  public void fire() {
    Probe.run(LOCK, 1500);
  }
}
