package org.timerlock.core.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.spi.Printable;

/**
 * A run of a lock as the store recorded it: where and when it ran, which scheduled fire it served,
 * what started it and how it ended. The latest one ({@link LockInfo#lastRun()}) is written by the
 * release itself, outlives the lease and is replaced by the next run's release, so every node sees
 * where and how a job last ran. The optional history ({@link LockAdmin#history}) keeps older ones,
 * and a scheduled slot that no node ran as a record whose outcome is {@link RunOutcome#MISSED}: its
 * fire is the slot, its node the one that found it missed, and its start and end when it was found.
 *
 * @param fire the scheduled fire the run served; null for a plain call
 * @param nodeId the node that ran it
 * @param started when the lock was taken, by the store's clock
 * @param ended when the release reached the store, by the store's clock
 * @param outcome how it ended
 * @param kind what started it
 * @param errorClass the class of the exception the task threw; null unless it failed
 * @param errorMessage that exception's message, escaped, without credentials and bounded (see
 *     {@link org.timerlock.core.RunEnd#failed}); null when there was none
 */
public record RunRecord(
    Instant fire,
    String nodeId,
    Instant started,
    Instant ended,
    RunOutcome outcome,
    RunKind kind,
    String errorClass,
    String errorMessage) {

  /**
   * Checks the parts every record has.
   *
   * @throws NullPointerException when the node, a time, the outcome or the kind is null
   */
  public RunRecord {
    Objects.requireNonNull(nodeId, "nodeId");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(ended, "ended");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(kind, "kind");
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
    return "RunRecord["
        + outcome
        + (kind == RunKind.SCHEDULED ? "" : " (" + kind + ")")
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
