package org.timerlock.cdi.interception;

import jakarta.enterprise.context.ApplicationScoped;
import org.timerlock.cdi.SchedulerLock;

/** Every business method locked by the class-level annotation, each under its own name. */
@ApplicationScoped
@SchedulerLock(lockAtMostFor = "5m")
class ClassLevelJob {

  public String first() {
    return "first";
  }

  public String second() {
    return "second";
  }
}
