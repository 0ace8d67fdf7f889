package org.timerlock.cdi.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One attempt to take a lock: the store round trip, with its outcome. */
@Name("org.timerlock.Acquire")
@Label("Lock Acquire")
@Category("TimerLock")
@Description("One attempt to take a lock in the store; its duration is the store round trip")
@StackTrace(false)
final class AcquireEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;

  @Label("Outcome")
  @Description("ACQUIRED, HELD_ELSEWHERE or ALREADY_RAN; FAILED when the store did not answer")
  String outcome;

  @Label("Fire Instant")
  @Description("The scheduled fire the attempt served, empty for a plain call")
  String fireInstant;
}
