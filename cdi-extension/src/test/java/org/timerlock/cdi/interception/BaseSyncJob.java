package org.timerlock.cdi.interception;

import org.timerlock.cdi.SchedulerLock;

/** A superclass whose locked method its subclasses inherit. */
abstract class BaseSyncJob {

  @SchedulerLock(lockAtMostFor = "5m")
  public String sync() {
    return "synced";
  }
}
