package org.timerlock.cdi.config;

import jakarta.ejb.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import org.timerlock.cdi.SchedulerLock;

/** Jobs whose settings come from annotation, configuration and defaults in various mixes. */
@ApplicationScoped
class ConfiguredJobs {

  @SchedulerLock(name = "overridden", lockAtMostFor = "10m", lockAtLeastFor = "1m")
  public String overridden() {
    return "ran";
  }

  @SchedulerLock(name = "annotated", lockAtMostFor = "10m")
  public String annotated() {
    return "ran";
  }

  @SchedulerLock(name = "defaulted")
  public String defaulted() {
    return "ran";
  }

  @SchedulerLock(
      name = "${jobs.export.name}",
      lockAtMostFor = "${jobs.export.max}",
      lockAtLeastFor = "${jobs.export.min:30s}")
  public String expressions() {
    return "ran";
  }

  /** A private EJB timeout method is accepted: the container intercepts timeouts directly. */
  @Schedule(hour = "3", persistent = false)
  @SchedulerLock(name = "private-timer", lockAtMostFor = "1h")
  private void privateTimer() {}

  void touch() {
    privateTimer();
  }
}
