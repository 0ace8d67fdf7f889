package org.timerlock.core.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.spi.Printable;

/**
 * The latest run of a lock that ended, as its release recorded it in the store: where and when it
 * ran, which scheduled fire it served, and how it ended. It outlives the lease and is replaced by
 * the next run's release, so every node sees where and how a job last ran.
 *
 * @param fire the scheduled fire the run served; null for a plain call
 * @param nodeId the node that ran it
 * @param started when the lock was taken, by the store's clock
 * @param ended when the release reached the store, by the store's clock
 * @param outcome how it ended
 * @param errorClass the class of the exception the task threw; null unless it failed
 * @param errorMessage that exception's message, escaped, without credentials and bounded (see
 *     {@link org.timerlock.core.RunEnd#failed}); null when there was none
 */
public record LastRun(
    Instant fire,
    String nodeId,
    Instant started,
    Instant ended,
    RunOutcome outcome,
    String errorClass,
    String errorMessage) {

  /**
   * Checks the parts every record has.
   *
   * @throws NullPointerException when the node, a time or the outcome is null
   */
  public LastRun {
    Objects.requireNonNull(nodeId, "nodeId");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(ended, "ended");
    Objects.requireNonNull(outcome, "outcome");
  }

  /**
   * How long the run held the lock, by the store's clock.
   *
   * @return the time from the acquisition to the release
   */
  public Duration duration() {
    return Duration.between(started, ended);
  }

  @Override
  public String toString() {
    return "LastRun["
        + outcome
        + " on "
        + Printable.of(nodeId)
        + (fire == null ? "" : " for the fire at " + fire)
        + ", "
        + started
        + " to "
        + ended
        + (errorClass == null ? "" : ", " + errorClass + ": " + errorMessage)
        + "]";
  }
}
