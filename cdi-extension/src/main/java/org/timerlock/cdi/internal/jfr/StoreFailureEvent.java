package org.timerlock.cdi.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A store call that failed: how long it took to fail, and why. */
@Name("org.timerlock.StoreFailure")
@Label("Lock Store Failure")
@Category("TimerLock")
@Description("A call to the lock store that failed; its duration is the time until it failed")
final class StoreFailureEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;

  @Label("Operation")
  @Description("ACQUIRE, RELEASE or EXTEND")
  String operation;

  @Label("Message")
  String message;
}
