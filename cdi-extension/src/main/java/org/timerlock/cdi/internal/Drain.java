package org.timerlock.cdi.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.LockConfiguration;

/**
 * The locked calls running on this node, and the gate that stops new ones when the application
 * stops: after {@link #close} no call passes, and {@code close} waits, bounded, for the calls that
 * had passed to end and release their locks.
 */
final class Drain {

  /** One call that passed the gate. */
  static final class Pass {
    private final LockConfiguration configuration;
    private final String where;

    private Pass(LockConfiguration configuration, String where) {
      this.configuration = configuration;
      this.where = where;
    }

    LockConfiguration configuration() {
      return configuration;
    }

    String where() {
      return where;
    }
  }

  private final Set<Pass> running = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  /**
   * Lets a call pass, unless the application is stopping.
   *
   * @param configuration the lock of the call
   * @param where how messages name the user of the lock
   * @return the pass, to give back with {@link #leave}; null when the gate is closed
   */
  Pass enter(LockConfiguration configuration, String where) {
    Pass pass = new Pass(configuration, where);
    // Added before the check: a close that starts after the add waits for it, and a call that
    // checks after the close leaves again at once.
    running.add(pass);
    if (closed) {
      running.remove(pass);
      return null;
    }
    return pass;
  }

  /** The call has ended and its lock was released (or its release attempted). */
  void leave(Pass pass) {
    running.remove(pass);
    synchronized (this) {
      notifyAll();
    }
  }

  /** Whether the gate is closed: the application is stopping. */
  boolean closed() {
    return closed;
  }

  /**
   * Closes the gate and waits for the running calls.
   *
   * @param timeout the longest wait; zero does not wait
   * @return the calls still running at the end of the wait
   */
  List<Pass> close(Duration timeout) throws InterruptedException {
    closed = true;
    long end = System.nanoTime() + timeout.toNanos();
    synchronized (this) {
      long left;
      while (!running.isEmpty() && (left = end - System.nanoTime()) > 0) {
        // Bounded: a call whose release hangs on a dead store must not hold the stop up.
        wait(Math.max(1, left / 1_000_000));
      }
    }
    return new ArrayList<>(running);
  }
}
