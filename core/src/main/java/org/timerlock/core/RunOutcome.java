package org.timerlock.core;

/** How a locked run ended, as its release records it in the store. */
public enum RunOutcome {
  /** The task returned normally. */
  SUCCEEDED,
  /** The task threw; the store keeps the exception's class and a short, safe message. */
  FAILED,
  /**
   * The task ended after its lock had expired (it ran longer than lockAtMostFor): another node may
   * have run the job meanwhile. The provider tells this when the release finds the lease over.
   */
  LOCK_LOST,
  /**
   * No node ran a scheduled slot: recorded in the history only, by the node whose watch found the
   * slot missed, never as a lock's last run.
   */
  MISSED
}
