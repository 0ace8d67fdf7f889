package org.timerlock.cdi.support;

import jakarta.enterprise.context.ApplicationScoped;
import org.timerlock.cdi.SchedulerLock;

/** A job whose lock is valid: a deployment that fails with it fails for another reason. */
@ApplicationScoped
public class ValidJob {
  @SchedulerLock(name = "valid", lockAtMostFor = "5m")
  public void run() {}
}
