package org.timerlock.console;

import java.time.Clock;
import java.util.List;
import org.timerlock.cdi.LockedJob;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.RunNowResult;

/**
 * The jobs as the TimerLock CDI extension found them at deployment ({@link LockedJobs}): their
 * methods, schedules and switches for the console's rows, and its run now for the operators.
 */
final class DeployedJobs implements Jobs {

  private final LockedJobs jobs;
  private final Clock clock;

  DeployedJobs(LockedJobs jobs, Clock clock) {
    this.jobs = jobs;
    this.clock = clock;
  }

  @Override
  public List<Job> all() {
    return jobs.jobs().stream().map(this::describe).toList();
  }

  private Job describe(LockedJob job) {
    return new Job(
        job.name(),
        job.method(),
        job.schedule(),
        job.zone() == null ? null : job.zone().getId(),
        source(job),
        job.enabled(),
        job.nextSlot(clock.instant()).orElse(null),
        job::firstOverdueSlot);
  }

  /** The source as the page names it. */
  private static String source(LockedJob job) {
    return switch (job.source()) {
      case EJB_TIMER -> "EJB";
      case RUN_AT -> "runAt";
      case LOCKED_TASKS -> "LockedTasks";
      case CALL -> "call";
    };
  }

  @Override
  public boolean canRunNow() {
    return true;
  }

  @Override
  public String runNow(String name, String by) {
    RunNowResult result = jobs.runNow(name, by);
    if (result.outcome() == RunNowResult.Outcome.UNKNOWN_LOCK) {
      throw new IllegalArgumentException(result.message());
    }
    return result.message();
  }
}
