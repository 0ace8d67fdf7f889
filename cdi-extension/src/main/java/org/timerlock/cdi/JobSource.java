package org.timerlock.cdi;

/** What starts the runs of a {@link LockedJob}, as the operator console shows it. */
public enum JobSource {
  /**
   * EJB {@code @Schedule} or {@code @Schedules}: calendar timers the container creates, whose slots
   * every node knows.
   */
  EJB_TIMER,
  /** Jakarta Concurrency {@code @Asynchronous(runAt = @Schedule(...))}. */
  RUN_AT,
  /** A schedule registered at run time through {@link LockedTasks}. */
  LOCKED_TASKS,
  /**
   * Anything else: a locked method the application calls itself, a programmatic or interval EJB
   * timer ({@code @Timeout}). TimerLock knows no slots for it, so it is not watched for missed
   * fires.
   */
  CALL
}
