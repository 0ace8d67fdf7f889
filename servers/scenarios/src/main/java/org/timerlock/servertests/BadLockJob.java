package org.timerlock.servertests;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;

/** A job whose lock cannot work: its deployment must fail, saying why. */
@Singleton
public class BadLockJob {

  @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
  @SchedulerLock(name = "bad-lock", lockAtMostFor = "banana")
  public void nightly() {}
}
