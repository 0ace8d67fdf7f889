package org.timerlock.core;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * The locks the current thread holds through {@link DefaultLockingTaskExecutor}, innermost last. It
 * is what makes executions reentrant and what {@link LockAssert} and {@link LockExtender} look at.
 */
final class ActiveLocks {

  /**
   * One held lock; the lock object changes when the lock is extended. Failures to extend it are
   * told to the executor's listeners, and one that means the lock is gone marks it lost.
   */
  static final class Held {
    final LockConfiguration configuration;
    SimpleLock lock;
    private final Consumer<LockException> extensionFailures;
    private volatile String lossReason;

    Held(
        LockConfiguration configuration,
        SimpleLock lock,
        Consumer<LockException> extensionFailures) {
      this.configuration = configuration;
      this.lock = lock;
      this.extensionFailures = extensionFailures;
    }

    /** Tells the listeners that extending the lock failed. */
    void extensionFailed(LockException failure) {
      extensionFailures.accept(failure);
    }

    /** Marks the lock lost, and tells the listeners. */
    void lost(String reason) {
      lossReason = reason;
      extensionFailed(
          new LockException(
              CoreMessage.LOCK_LOST.text(
                  "Lock '" + Printable.of(configuration.name()) + "' was lost: " + reason)));
    }

    /** Why the lock was lost, or null while it is held. */
    String lossReason() {
      if (lossReason != null) {
        return lossReason;
      }
      if (lock instanceof KeepAliveLockProvider.KeepAliveLock keepAlive && keepAlive.isLost()) {
        return keepAlive.lossReason();
      }
      return null;
    }
  }

  private static final ThreadLocal<Deque<Held>> HELD = ThreadLocal.withInitial(ArrayDeque::new);

  private ActiveLocks() {}

  static Held push(
      LockConfiguration configuration, SimpleLock lock, Consumer<LockException> extensionFailures) {
    Held held = new Held(configuration, lock, extensionFailures);
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
