package org.timerlock.cdi.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** The release of a lock: the store round trip. */
@Name("org.timerlock.Release")
@Label("Lock Release")
@Category("TimerLock")
@Description("The release of a lock in the store; its duration is the store round trip")
@StackTrace(false)
final class ReleaseEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;
}
