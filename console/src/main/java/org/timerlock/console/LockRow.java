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
 */
record LockRow(String name, Jobs.Job job, LockInfo lock) {

  /** What a row's state column says, most urgent first. */
  enum State {
    /** Switched off by configuration. */
    OFF,
    /** An operator's pause is in force. */
    PAUSED,
    /** Held by a run in progress. */
    RUNNING,
    /** Held after its run ended, by lockAtLeastFor. */
    RESTING,
    /** A slot past its grace that no node took. */
    OVERDUE,
    /** Free. */
    IDLE
  }

  State state() {
    if (job != null && !job.enabled()) {
      return State.OFF;
    }
    if (lock != null && lock.paused()) {
      return State.PAUSED;
    }
    if (lock != null && lock.held()) {
      return ranSinceTaken() ? State.RESTING : State.RUNNING;
    }
    if (job != null && job.overdueSlot() != null) {
      return State.OVERDUE;
    }
    return State.IDLE;
  }

  /** Whether the latest recorded run is the one of the current acquisition, already ended. */
  private boolean ranSinceTaken() {
    RunRecord run = lock.lastRun();
    Instant takenAt = lock.lockedAt();
    return run != null && takenAt != null && !run.started().isBefore(takenAt);
  }
}
