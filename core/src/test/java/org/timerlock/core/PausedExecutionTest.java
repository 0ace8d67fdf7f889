package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A lock an operator paused in the store: the executor runs nothing, answers {@link
 * TaskResult.Outcome#PAUSED}, tells its listeners, and logs nothing above DEBUG, since every node
 * is refused at every fire while the pause lasts.
 */
class PausedExecutionTest {

  /** Stands for a store whose acquire statement finds the lock paused. */
  private static final class PausedStore implements LockProvider {
    final AtomicInteger requests = new AtomicInteger();

    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
      return tryLock(configuration).lock();
    }

    @Override
    public LockAttempt tryLock(LockConfiguration configuration) {
      requests.incrementAndGet();
      return LockAttempt.paused();
    }
  }

  private final PausedStore store = new PausedStore();
  private final RecordingListener listener = new RecordingListener();
  private final DefaultLockingTaskExecutor executor =
      new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(listener));

  @Test
  void aPausedLockRunsNothingAndSaysPaused() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    LockConfiguration fire =
        LockConfiguration.of("nightly", Duration.ofMinutes(1))
            .forFire(Instant.parse("2030-01-01T02:00:00Z"));

    TaskResult<Integer> result;
    try (CapturedLog log = new CapturedLog(DefaultLockingTaskExecutor.class)) {
      result = executor.executeWithLock(runs::incrementAndGet, fire);
      assertThat(log.lines).as("nothing at INFO or above").isEmpty();
    }

    assertThat(result.outcome()).isEqualTo(TaskResult.Outcome.PAUSED);
    assertThat(result.wasExecuted()).isFalse();
    assertThat(runs).hasValue(0);
    assertThat(store.requests).hasValue(1);
    assertThat(listener.calls).containsExactly("paused nightly 2030-01-01T02:00:00Z");
  }

  @Test
  void aPausedLockRefusesManualRunsToo() {
    Runnable job =
        () -> {
          throw new AssertionError("ran while paused");
        };
    boolean ran =
        executor.executeWithLock(
            job, LockConfiguration.of("nightly", Duration.ofMinutes(1)).manual());

    assertThat(ran).isFalse();
    assertThat(listener.calls).containsExactly("paused nightly null");
  }

  @Test
  void aPauseIsNotReportedAsALockHeldElsewhere() throws Exception {
    List<String> skips = new CopyOnWriteArrayList<>();
    LockListener skipsOnly =
        new LockListener() {
          @Override
          public void skipped(LockConfiguration c) {
            skips.add(c.name());
          }
        };

    TaskResult<Integer> result =
        new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(skipsOnly))
            .executeWithLock(() -> 1, LockConfiguration.of("nightly", Duration.ofMinutes(1)));

    assertThat(result.outcome()).isEqualTo(TaskResult.Outcome.PAUSED);
    assertThat(skips).isEmpty();
  }
}
