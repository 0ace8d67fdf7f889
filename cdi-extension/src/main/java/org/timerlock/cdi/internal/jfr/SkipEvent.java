package org.timerlock.cdi.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A call that did not run its job because the store refused the lock. */
@Name("org.timerlock.Skip")
@Label("Lock Skip")
@Category("TimerLock")
@Description("A locked call skipped: the lock is held elsewhere or its fire already ran")
@StackTrace(false)
final class SkipEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;

  @Label("Reason")
  @Description("HELD_ELSEWHERE or ALREADY_RAN")
  String reason;
}
