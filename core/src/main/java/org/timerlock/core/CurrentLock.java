package org.timerlock.core;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.internal.CoreMessage;

/**
 * What a running task can learn about the lock it runs under: its fencing token, to pass to what it
 * writes, and the scheduled fire it serves.
 *
 * <pre>{@code
 * long token = CurrentLock.fencingToken().orElseThrow();
 * fence.apply(connection, "invoices", token); // refuses the write of a stale holder
 * }</pre>
 */
public final class CurrentLock {

  private CurrentLock() {}

  /**
   * The fencing token of the innermost lock the current thread holds. It stays the same when the
   * lock is extended (by {@link LockExtender} or keep-alive).
   *
   * @return the token, or empty when the provider has none (see {@link
   *     LockProvider.Feature#FENCING_TOKENS})
   * @throws IllegalStateException when the current thread runs no locked task
   */
  public static OptionalLong fencingToken() {
    return held().lock.fencingToken();
  }

  /**
   * The scheduled instant of the fire the innermost lock was taken for.
   *
   * @return the fire instant, or empty for a plain call
   * @throws IllegalStateException when the current thread runs no locked task
   */
  public static Optional<Instant> fireInstant() {
    return Optional.ofNullable(held().configuration.fireInstant());
  }

  /**
   * Whether the innermost lock the current thread holds is lost: keeping it alive failed for good,
   * or it expired before {@link LockExtender} could extend it. A long task can check this between
   * steps and stop; {@link LockAssert#assertLocked()} throws instead.
   *
   * @return true when another node may be running the same task now
   * @throws IllegalStateException when the current thread runs no locked task
   */
  public static boolean isLost() {
    return held().lossReason() != null;
  }

  /**
   * The configuration of the innermost lock the current thread holds.
   *
   * @return the lock's name, durations and fire instant
   * @throws IllegalStateException when the current thread runs no locked task
   */
  public static LockConfiguration configuration() {
    return held().configuration;
  }

  private static ActiveLocks.Held held() {
    ActiveLocks.Held held = ActiveLocks.innermost();
    if (held == null) {
      throw new IllegalStateException(
          CoreMessage.NOT_LOCKED.text(
              "The current thread runs no locked task: it was not called through @SchedulerLock"
                  + " or a"
                  + " LockingTaskExecutor"));
    }
    return held;
  }
}
