package org.timerlock.cdi;

/** A superclass whose locked method its subclasses inherit. */
abstract class BaseSyncJob {

  @SchedulerLock(lockAtMostFor = "5m")
  public String sync() {
    return "synced";
  }
}
