package org.timerlock.core;

import java.util.function.BiConsumer;
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
    // The executor's, told the configuration: one per executor rather than one per run.
    private final BiConsumer<LockConfiguration, LockException> extensionFailures;
    private volatile String lossReason;
    // The lock held around this one on the same thread, or null: the stack is a chain, so that
    // pushing and popping allocate nothing but the Held itself.
    private final Held outer;

    Held(
        LockConfiguration configuration,
        SimpleLock lock,
        BiConsumer<LockConfiguration, LockException> extensionFailures,
        Held outer) {
      this.configuration = configuration;
      this.lock = lock;
      this.extensionFailures = extensionFailures;
      this.outer = outer;
    }

    /** Tells the listeners that extending the lock failed. */
    void extensionFailed(LockException failure) {
      extensionFailures.accept(configuration, failure);
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

  // The innermost held lock, null while the thread holds none. The thread keeps its entry with a
  // null value then, which refers to nothing of the application (a removed entry would be made
  // again
  // at the thread's next lock, an allocation per call).
  private static final ThreadLocal<Held> INNERMOST = new ThreadLocal<>();

  private ActiveLocks() {}

  static Held push(
      LockConfiguration configuration,
      SimpleLock lock,
      BiConsumer<LockConfiguration, LockException> extensionFailures) {
    Held held = new Held(configuration, lock, extensionFailures, INNERMOST.get());
    INNERMOST.set(held);
    return held;
  }

  /** Ends the innermost held lock: executions nest, so they end innermost first. */
  static void pop(Held held) {
    INNERMOST.set(held.outer);
  }

  static boolean holds(String name) {
    for (Held held = INNERMOST.get(); held != null; held = held.outer) {
      if (held.configuration.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The innermost held lock, or null. */
  static Held innermost() {
    return INNERMOST.get();
  }
}
