package org.timerlock.core;

/** Which lock-store operation failed, as reported to {@link LockListener#storeFailure}. */
public enum StoreOperation {
  /** Taking the lock before the task. */
  ACQUIRE,
  /** Releasing the lock after the task; the lock then expires on its own. */
  RELEASE,
  /** Extending a held lock, by {@link LockExtender} or {@link KeepAliveLockProvider}. */
  EXTEND
}
