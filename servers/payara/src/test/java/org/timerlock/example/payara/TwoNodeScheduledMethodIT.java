package org.timerlock.example.payara;

import org.timerlock.servertests.TwoNodeScheduledMethodTests;

/**
 * Two Payara Micro 7 nodes (Concurrency 3.1) running {@code @Asynchronous(runAt = ...)} methods and
 * a task on an executor of virtual threads, with the lock in PostgreSQL: the nodes are the ones
 * arquillian.xml defines.
 */
class TwoNodeScheduledMethodIT extends TwoNodeScheduledMethodTests {

  /**
   * Payara 7.2026.11 schedules every {@code runAt} method on {@code
   * java:comp/DefaultManagedScheduledExecutorService}: it looks the named executor up, which must
   * exist, and then does not use it.
   */
  @Override
  protected boolean runAtUsesItsExecutor() {
    return false;
  }
}
