package org.timerlock.core;

/** What the executor does when the lock store cannot answer while taking a lock. */
public enum StoreFailurePolicy {
  /**
   * Skip the execution, log a warning and tell the listeners. The default: an exception thrown into
   * an EJB timer makes the container retry the timeout, which defeats the lock.
   */
  SKIP,
  /** Throw the {@link LockException} to the caller. */
  FAIL
}
