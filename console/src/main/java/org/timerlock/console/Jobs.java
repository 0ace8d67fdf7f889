package org.timerlock.console;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the application's deployment knows about its locked jobs, beyond what the store keeps: the
 * Java method, the schedule, whether it is switched on, its next slot and when it is overdue; and
 * how to run one now. The console joins this with the store's rows.
 */
interface Jobs {

  /**
   * The application's locked jobs.
   *
   * @return every job, in any order
   */
  List<Job> all();

  /**
   * Whether {@link #runNow} can run a job here.
   *
   * @return true when it can
   */
  boolean canRunNow();

  /**
   * Runs a job now on this node, under its lock, without a fire instant.
   *
   * @param name the lock name
   * @param by the caller, for the audit
   * @return what happened, in words, for the operator
   * @throws IllegalArgumentException when the application has no job of that name
   * @throws UnsupportedOperationException when {@link #canRunNow()} is false
   */
  String runNow(String name, String by);

  /**
   * One locked job as the deployment describes it.
   *
   * @param name the lock name
   * @param method the Java method, {@code Class.method}; null when unknown
   * @param schedule the schedule in words, e.g. {@code hour=2 minute=0}; null for a plain call
   * @param zone the schedule's time zone; null when it has none
   * @param source what fires it: {@code EJB}, {@code runAt}, {@code LockedTasks} or {@code call}
   * @param enabled false when configuration switched it off
   * @param nextSlot the next scheduled slot; null when unknown
   * @param overdue how to tell the slot from which on the job is overdue; null when it never is
   */
  record Job(
      String name,
      String method,
      String schedule,
      String zone,
      String source,
      boolean enabled,
      Instant nextSlot,
      Overdue overdue) {

    /**
     * The slot from which on the job is overdue, judged alike on every node.
     *
     * @param lastFire the latest fire the store granted the lock; null when none
     * @param now the instant to judge at
     * @return the slot, or empty when the job is on time
     */
    Optional<Instant> overdueSlot(Instant lastFire, Instant now) {
      return overdue == null ? Optional.empty() : overdue.firstSlot(lastFire, now);
    }
  }

  /** The judgment of when a job is overdue: {@code LockedJob#firstOverdueSlot}. */
  @FunctionalInterface
  interface Overdue {

    /**
     * The first slot after the latest granted fire that is past its grace.
     *
     * @param lastFire the latest fire the store granted the lock; null when none
     * @param now the instant to judge at
     * @return the slot, or empty when the job is on time
     */
    Optional<Instant> firstSlot(Instant lastFire, Instant now);
  }
}
