package org.timerlock.core;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The locks the current thread holds through {@link DefaultLockingTaskExecutor}, innermost last. It
 * is what makes executions reentrant and what {@link LockAssert} and {@link LockExtender} look at.
 */
final class ActiveLocks {

  /** One held lock; the lock object changes when the lock is extended. */
  static final class Held {
    final LockConfiguration configuration;
    SimpleLock lock;

    Held(LockConfiguration configuration, SimpleLock lock) {
      this.configuration = configuration;
      this.lock = lock;
    }
  }

  private static final ThreadLocal<Deque<Held>> HELD = ThreadLocal.withInitial(ArrayDeque::new);

  private ActiveLocks() {}

  static Held push(LockConfiguration configuration, SimpleLock lock) {
    Held held = new Held(configuration, lock);
    HELD.get().addLast(held);
    return held;
  }

  static void pop(Held held) {
    Deque<Held> stack = HELD.get();
    stack.removeLastOccurrence(held);
    if (stack.isEmpty()) {
      // Pooled threads outlive the task; leave no per-thread state behind.
      HELD.remove();
    }
  }

  static boolean holds(String name) {
    for (Held held : HELD.get()) {
      if (held.configuration.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The innermost held lock, or null. */
  static Held innermost() {
    Deque<Held> stack = HELD.get();
    Held held = stack.peekLast();
    if (stack.isEmpty()) {
      HELD.remove();
    }
    return held;
  }
}
