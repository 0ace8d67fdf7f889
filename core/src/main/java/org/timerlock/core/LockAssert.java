package org.timerlock.core;

import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * Lets a task check that it really runs under a lock: a guard against a configuration change that
 * silently removed the interceptor, or a keep-alive that lost the lock.
 */
public final class LockAssert {

  private static volatile boolean allAssertsPass;

  private LockAssert() {}

  /**
   * Checks that the current thread holds a lock taken by the executor, and that the lock has not
   * been lost (a failed keep-alive renewal).
   *
   * @throws IllegalStateException when the thread holds no lock, or its lock was lost
   */
  public static void assertLocked() {
    if (allAssertsPass) {
      return;
    }
    ActiveLocks.Held held = ActiveLocks.innermost();
    if (held == null) {
      throw new IllegalStateException(
          CoreMessage.NOT_LOCKED.text(
              "The task is not running under a TimerLock lock: it was not called through"
                  + " @SchedulerLock or a LockingTaskExecutor on this thread"));
    }
    String lost = held.lossReason();
    if (lost != null) {
      throw new IllegalStateException(
          CoreMessage.LOCK_LOST.text(
              "The lock '"
                  + Printable.of(held.configuration.name())
                  + "' was lost ("
                  + lost
                  + "); another node may be running the same task"));
    }
  }

  /** For unit tests of code that calls {@link #assertLocked()} outside of any lock. */
  public static final class TestHelper {

    private TestHelper() {}

    /**
     * Makes every {@link LockAssert#assertLocked()} pass, or restores the real check. Meant for
     * tests only: it is global to the JVM.
     *
     * @param pass true to make every assertion pass
     */
    public static void makeAllAssertsPass(boolean pass) {
      allAssertsPass = pass;
    }
  }
}
