package org.timerlock.cdi.internal;

import jakarta.enterprise.concurrent.LastExecution;
import jakarta.enterprise.concurrent.Trigger;
import java.time.Instant;
import java.util.Date;
import java.util.Objects;

/**
 * A trigger that remembers the scheduled time of the run about to start: the executor asks {@link
 * #skipRun} with it right before each run, so the task can name its fire by the schedule rather
 * than by the clock of the node at wake-up.
 */
public final class FireRecordingTrigger implements Trigger {

  private final Trigger delegate;
  private volatile Instant scheduled;

  /**
   * Wraps a trigger.
   *
   * @param delegate the schedule
   */
  public FireRecordingTrigger(Trigger delegate) {
    this.delegate = Objects.requireNonNull(delegate, "trigger");
  }

  @Override
  public Date getNextRunTime(LastExecution lastExecution, Date taskScheduledTime) {
    return delegate.getNextRunTime(lastExecution, taskScheduledTime);
  }

  @Override
  public boolean skipRun(LastExecution lastExecution, Date scheduledRunTime) {
    scheduled = scheduledRunTime == null ? null : scheduledRunTime.toInstant();
    return delegate.skipRun(lastExecution, scheduledRunTime);
  }

  /**
   * The scheduled time of the current run.
   *
   * @return the instant, or null when the executor has not said
   */
  public Instant scheduledFire() {
    return scheduled;
  }
}
