package org.timerlock.cdi;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer to {@link LockedJobs#runNow(String, String)}: whether the job started on this node,
 * and if not, why.
 *
 * @param name the lock name asked for
 * @param outcome what happened
 * @param holderNode for {@link Outcome#HELD_ELSEWHERE}, the id of the node that holds the lock
 *     (this node's own id when one of its runs holds it); else null
 * @param message one sentence for the operator, saying what happened or why not
 */
public record RunNowResult(String name, Outcome outcome, String holderNode, String message) {

  /** What a request to run a job now led to. */
  public enum Outcome {
    /** The lock was taken on this node and the job is running (it may have ended already). */
    STARTED,
    /** Another acquisition holds the lock: the job runs elsewhere, or its lease still lasts. */
    HELD_ELSEWHERE,
    /** An operator paused the lock in the store. */
    PAUSED,
    /** Configuration switches the lock off on this node. */
    DISABLED,
    /**
     * TimerLock cannot run this job by itself: it needs a timer or arguments, it is asynchronous,
     * or it is a task TimerLock never saw scheduled; the message says which.
     */
    NOT_RUNNABLE,
    /** The application is stopping and takes no new locks. */
    SHUTTING_DOWN,
    /** The lock store could not answer. */
    STORE_FAILURE,
    /** No lock of this name is known to this deployment. */
    UNKNOWN_LOCK,
    /**
     * The lock decision was not known within the wait: the job may still start (or be refused); the
     * lock events and the store tell.
     */
    UNDECIDED
  }

  /**
   * Checks the result.
   *
   * @throws NullPointerException when name, outcome or message is null
   */
  public RunNowResult {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(message, "message");
  }

  /**
   * Whether the job started.
   *
   * @return true for {@link Outcome#STARTED}
   */
  public boolean started() {
    return outcome == Outcome.STARTED;
  }

  /**
   * The node that holds the lock, for {@link Outcome#HELD_ELSEWHERE}.
   *
   * @return the node id, or empty
   */
  public Optional<String> holder() {
    return Optional.ofNullable(holderNode);
  }
}
