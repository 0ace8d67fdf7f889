package org.timerlock.servertests;

import jakarta.enterprise.context.ApplicationScoped;
import org.timerlock.cdi.SchedulerLock;

/**
 * A locked business method that always throws, called by {@link AccountingProbe} on the node the
 * test asks: its failure is recorded with the lock, for every node to read.
 */
@ApplicationScoped
public class FailingTask {

  /** The lock of {@link #run()}. */
  public static final String LOCK = "accounted-failure";

  /** The message it throws: a line break the store must escape, and a password it must mask. */
  public static final String MESSAGE = "the ledger refused the batch\nretry with password=hunter2";

  /** The message as the lock's last run keeps it. */
  public static final String RECORDED = "the ledger refused the batch\\nretry with password=***";

  /** Fails, under its lock. */
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
  public void run() {
    throw new IllegalStateException(MESSAGE);
  }
}
