package org.timerlock.cdi.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.timerlock.core.LockConfiguration;

/**
 * The locked calls running on this node, and the gate that stops new ones when the application
 * stops: after {@link #close} no call passes, and {@code close} waits, bounded, for the calls that
 * had passed to end and release their locks.
 *
 * <p>A locked method's calls all enter with the method's one {@link #pass}, which counts them, so a
 * call allocates nothing here; a lock taken by name in code enters with a pass of its own.
 */
final class Drain {

  /** The calls of one lock that passed the gate. */
  static final class Pass {
    private final LockConfiguration configuration;
    private final String where;
    // Kept in the running set while idle: a locked method's pass, reused by all its calls.
    private final boolean kept;
    private final AtomicInteger calls = new AtomicInteger();

    private Pass(LockConfiguration configuration, String where, boolean kept) {
      this.configuration = configuration;
      this.where = where;
      this.kept = kept;
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
   * The pass all calls of a locked method enter with.
   *
   * @param configuration the method's lock
   * @param where how messages name the method
   */
  static Pass pass(LockConfiguration configuration, String where) {
    return new Pass(configuration, where, true);
  }

  /**
   * Lets a call of a lock taken by name pass, unless the application is stopping.
   *
   * @param configuration the lock of the call
   * @param where how messages name the user of the lock
   * @return the pass, to give back with {@link #leave}; null when the gate is closed
   */
  Pass enter(LockConfiguration configuration, String where) {
    return enter(new Pass(configuration, where, false));
  }

  /**
   * Lets a call pass with its method's pass, unless the application is stopping.
   *
   * @param pass from {@link #pass}
   * @return the pass, to give back with {@link #leave}; null when the gate is closed
   */
  Pass enter(Pass pass) {
    // Counted and added before the check: a close that starts after it waits for the call, and a
    // call that checks after the close leaves again at once.
    pass.calls.incrementAndGet();
    // A method's pass stays in the set from its first call on: asking is a read, while adding again
    // would lock the set's bin at every call.
    if (!pass.kept || !running.contains(pass)) {
      running.add(pass);
    }
    if (closed) {
      leave(pass);
      return null;
    }
    return pass;
  }

  /** The call has ended and its lock was released (or its release attempted). */
  void leave(Pass pass) {
    if (pass.calls.decrementAndGet() == 0 && !pass.kept) {
      running.remove(pass);
    }
    // Only close waits, and only after closed is set: the count went down before this read, so a
    // close that this read misses sees the lower count when it checks.
    if (closed) {
      synchronized (this) {
        notifyAll();
      }
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
   * @return the locks with calls still running at the end of the wait
   */
  List<Pass> close(Duration timeout) throws InterruptedException {
    closed = true;
    long end = System.nanoTime() + timeout.toNanos();
    synchronized (this) {
      long left;
      while (!stillRunning().isEmpty() && (left = end - System.nanoTime()) > 0) {
        // Bounded: a call whose release hangs on a dead store must not hold the stop up.
        wait(Math.max(1, left / 1_000_000));
      }
    }
    return stillRunning();
  }

  private List<Pass> stillRunning() {
    List<Pass> left = new ArrayList<>();
    for (Pass pass : running) {
      if (pass.calls.get() > 0) {
        left.add(pass);
      }
    }
    return left;
  }
}
