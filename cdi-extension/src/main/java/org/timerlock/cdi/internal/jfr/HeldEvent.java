package org.timerlock.cdi.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A lock held by this node: from the acquisition to the end of its release. */
@Name("org.timerlock.LockHeld")
@Label("Lock Held")
@Category("TimerLock")
@Description("A lock held by this node, from its acquisition to the end of its release")
@StackTrace(false)
final class HeldEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;

  @Label("Fencing Token")
  @Description("The acquisition's fencing token, 0 when the provider has none")
  long fencingToken;
}
