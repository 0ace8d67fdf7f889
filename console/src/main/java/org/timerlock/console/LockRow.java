package org.timerlock.console;

import java.time.Instant;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;

/**
 * One row of the console: a lock as the deployment describes it joined with the store's row, either
 * of which may be missing (a job that never ran; a lock of another application sharing the store).
 *
 * @param name the lock name
 * @param job the deployment's description, or null
 * @param lock the store's row, or null
 * @param overdueSlot the slot from which on the lock is overdue, or null when it is on time
 */
record LockRow(String name, Jobs.Job job, LockInfo lock, Instant overdueSlot) {

  /**
   * Joins a job and a store row, judging at an instant whether the lock is overdue: from the
   * store's latest granted fire and the job's schedule and grace, so that whichever node serves the
   * view shows it, not only the node whose watch made the latest check.
   *
   * @param name the lock name
   * @param job the deployment's description, or null
   * @param lock the store's row, or null
   * @param now the instant to judge at
   * @return the row
   */
  static LockRow of(String name, Jobs.Job job, LockInfo lock, Instant now) {
    Instant lastFire = lock == null ? null : lock.lastFire();
    Instant overdue = job == null ? null : job.overdueSlot(lastFire, now).orElse(null);
    return new LockRow(name, job, lock, overdue);
  }

  /**
   * What a row's state column says, most urgent first. What the store says of the whole cluster (a
   * pause, a holder, a slot no node took) comes before this node's configuration: a lock switched
   * off here may run on another node, and a lock switched off everywhere misses its slots.
   */
  enum State {
    /** An operator's pause is in force. */
    PAUSED,
    /** Held by a run in progress. */
    RUNNING,
    /** Held after its run ended, by lockAtLeastFor. */
    RESTING,
    /** A slot past its grace that no node took. */
    OVERDUE,
    /** Switched off by configuration on this node. */
    OFF,
    /** Free. */
    IDLE
  }

  State state() {
    if (lock != null && lock.paused()) {
      return State.PAUSED;
    }
    if (lock != null && lock.held()) {
      return ranSinceTaken() ? State.RESTING : State.RUNNING;
    }
    if (overdueSlot != null) {
      return State.OVERDUE;
    }
    if (job != null && !job.enabled()) {
      return State.OFF;
    }
    return State.IDLE;
  }

  /**
   * Whether the current hold outlived its run: the latest recorded run, by the holder's node, ended
   * at or after the hold began (or was last extended). Judged from the run's end, not its start, so
   * that a hold extended during its run counts too; every store gives both (Redis the start of the
   * acquisition from its state hash).
   */
  private boolean ranSinceTaken() {
    RunRecord run = lock.lastRun();
    Instant takenAt = lock.lockedAt();
    return run != null
        && takenAt != null
        && run.nodeId().equals(lock.nodeId())
        && !run.ended().isBefore(takenAt);
  }
}
