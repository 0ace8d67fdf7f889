package org.timerlock.example.it;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;

/** A lock that cannot work: the deployment must fail and say why. */
@Singleton
public class BadLockJob {

  @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
  @SchedulerLock(name = "bad-lock", lockAtMostFor = "banana")
  public void hourly() {}
}
