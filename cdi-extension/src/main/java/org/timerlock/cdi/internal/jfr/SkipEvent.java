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
@Description(
    "A locked call skipped: the lock is held elsewhere, its fire already ran, or it is paused")
@StackTrace(false)
final class SkipEvent extends jdk.jfr.Event {
  @Label("Lock Name")
  String lockName;

  @Label("Reason")
  @Description("HELD_ELSEWHERE, ALREADY_RAN or PAUSED")
  String reason;
}
