package org.timerlock.core;

import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * Extends the lock the current task holds, for a task that finds it will run longer than planned.
 */
public final class LockExtender {

  private LockExtender() {}

  /**
   * Extends the innermost lock held by the current thread: from now, it is kept for at most {@code
   * atMostFor} and, once released, until at least now + {@code atLeastFor}.
   *
   * @param atMostFor the new lockAtMostFor, counted from now
   * @param atLeastFor the new lockAtLeastFor, counted from now
   * @throws IllegalStateException when the thread holds no lock, or the lock expired and can no
   *     longer be extended
   * @throws IllegalArgumentException when the durations are invalid
   * @throws UnsupportedOperationException when the provider cannot extend locks
   * @throws LockException when the store cannot answer, or its client failed with an error (a class
   *     it cannot load)
   *     <p>Either failure is also told to the executor's listeners as a store failure of {@link
   *     StoreOperation#EXTEND}; an expired lock is then lost ({@link CurrentLock#isLost()}).
   */
  public static void extendActiveLock(Duration atMostFor, Duration atLeastFor) {
    ActiveLocks.Held held = ActiveLocks.innermost();
    if (held == null) {
      throw new IllegalStateException(
          CoreMessage.NOT_LOCKED.text(
              "No active lock to extend: the current thread is not running a locked task"));
    }
    // Validates the durations with the same messages as any configuration.
    held.configuration.withDurations(atMostFor, atLeastFor);
    Optional<SimpleLock> extended;
    try {
      extended = held.lock.extend(atMostFor, atLeastFor);
    } catch (LockException | Error e) {
      LockException failure = StoreFailures.of("Extending", held.configuration, e);
      held.extensionFailed(failure);
      throw failure;
    }
    if (extended.isEmpty()) {
      held.lost("it expired before it could be extended");
      throw new IllegalStateException(
          CoreMessage.LOCK_LOST.text(
              "The lock '"
                  + Printable.of(held.configuration.name())
                  + "' could not be extended: it expired and is no longer held by this task"));
    }
    held.lock = extended.get();
  }
}
