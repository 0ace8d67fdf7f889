package org.timerlock.example.it;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;

/** The {@code @AroundTimeout} path: an EJB timer. No lockAtLeastFor: the lock ends with the run. */
@Singleton
public class TimeoutProbe {

  static final String LOCK = "probe-timeout";

  @Schedule(hour = "*", minute = "*", second = "*/3", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
  public void fire() {
    Probes.run(LOCK, 1200);
  }
}
